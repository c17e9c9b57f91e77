import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus } from '../api/use-campaigns';

const ICONS = { UPCOMING: EventOutlined, RUNNING: PlayCircleOutlined, ENDED: CheckCircleOutlined, CLOSED: LockOutlined } as const;
// Outlined warning text (orange on white) is below the AA contrast ratio: an ended campaign is told by its icon and word.
const COLORS = { UPCOMING: 'default', RUNNING: 'primary', ENDED: 'default', CLOSED: 'success' } as const;

/** A campaign's status in words with an icon (never colour alone); its definition as the chip's title. */
export function StatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  const Icon = ICONS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      icon={<Icon aria-hidden />}
      label={t(`status.${status}`)}
      title={t(`statusDefinition.${status}`)}
      data-testid="campaign-status"
      data-status={status}
    />
  );
}

/** The badge of a closed salon part: its figures are those written at the close. */
export function FrozenBadge() {
  const { t } = useTranslation('campaigns');
  return (
    <Chip
      size="small"
      color="info"
      // MUI's info fill is below the AA contrast ratio under white text; its dark shade is not.
      sx={{ bgcolor: 'info.dark' }}
      icon={<LockOutlined aria-hidden />}
      label={t('frozen.badge')}
      title={t('frozen.definition')}
      data-testid="frozen-badge"
    />
  );
}
