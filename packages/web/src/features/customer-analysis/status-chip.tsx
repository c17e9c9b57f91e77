import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CustomerStatus } from './api/use-customer-analysis';
import { STATUS_COLOR } from './customer-shaping';

/** A client's status as a coloured chip with its name. */
export function StatusChip({ status, label }: { status: CustomerStatus; label?: string }) {
  const { t } = useTranslation('customer-analysis');
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      label={label ?? t(`statusName.${status}`)}
      data-testid={`status-chip-${status}`}
      // White on the theme's orange is too faint to read (WCAG contrast): dark text on "at risk".
      sx={status === 'AT_RISK' ? { color: 'rgba(0, 0, 0, 0.87)' } : undefined}
    />
  );
}
