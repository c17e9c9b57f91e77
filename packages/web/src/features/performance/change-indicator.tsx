import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/a11y/visually-hidden';
import { italianOf } from '../../components/format/italian-article';
import { formatValue } from '../../components/format/number-format';
import { changeDirectionOf } from './performance-shaping';

const ICONS = { up: ArrowUpward, down: ArrowDownward, flat: ArrowForward } as const;
const COLOURS = { up: 'success.main', down: 'error.main', flat: 'text.secondary', none: 'text.secondary' } as const;

/** A change against last year: an arrow and the signed per cent, coloured, with the words for screen readers and the tooltip. */
export function ChangeIndicator({ change }: { change: number | null }) {
  const { t, i18n } = useTranslation('performance');
  const direction = changeDirectionOf(change);
  const shown = change === null ? '–' : `${change > 0 ? '+' : ''}${formatValue(change, 'percent', i18n.language)}`;
  const words = t(`change.${direction}`, {
    value: formatValue(change === null ? null : Math.abs(change), 'percent', i18n.language),
    of: italianOf(change ?? 0),
  });
  const Icon = direction === 'none' ? null : ICONS[direction];
  return (
    <Box
      component="span"
      title={words}
      sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: 0.25, color: COLOURS[direction], fontWeight: 600 }}
      data-testid="revenue-change"
      data-direction={direction}
    >
      {Icon ? <Icon sx={{ fontSize: '1rem' }} aria-hidden /> : null}
      <span aria-hidden>{shown}</span>
      <Box component="span" sx={visuallyHidden}>
        {words}
      </Box>
    </Box>
  );
}
