import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UTILISATION_THRESHOLDS } from '@salon/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay, weekdayName } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import type { UtilisationCell, UtilisationGrid } from './api/use-capacity';

/**
 * The heat colour of a utilisation, in the bands of UTILISATION_THRESHOLDS so the colours say what
 * the suggestions say: blue under 40 % (paler the closer to 40), green to yellow from 40 to 90 %,
 * red over 90 %. Light enough for dark text.
 */
export function heatColour(utilisation: number): string {
  const { over, under } = UTILISATION_THRESHOLDS;
  if (utilisation > over) return 'hsl(0, 75%, 84%)';
  if (utilisation < under) return `hsl(205, 80%, ${Math.round(78 + (12 * Math.max(utilisation, 0)) / under)}%)`;
  return `hsl(${Math.round(130 - (75 * (utilisation - under)) / (over - under))}, 60%, 80%)`;
}
const NO_SHIFT_COLOUR = '#ef9a9a';
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';

const cellSx = { px: 0.75, py: 0.5, border: 1, borderColor: 'divider', textAlign: 'center', fontSize: '0.8125rem' } as const;

/**
 * The weekday x hour heat-map as a table (hours down, weekdays across: narrow enough for a phone):
 * each cell says its utilisation in text and carries its colour; the caption says what it shows.
 */
export function UtilisationGridTable({ grid }: { grid: UtilisationGrid }) {
  const { t, i18n } = useTranslation('full-capacity');
  const language = i18n.language;
  const weekdays = [...new Set(grid.cells.map((cell) => cell.weekday))].sort((a, b) => a - b);
  const hourList = grid.cells.map((cell) => cell.hour);
  const hours = hourList.length
    ? Array.from({ length: Math.max(...hourList) - Math.min(...hourList) + 1 }, (_, i) => Math.min(...hourList) + i)
    : [];
  const byKey = new Map(grid.cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  const number = (value: number) => formatValue(value, 'number', language);
  const percent = (value: number) => formatValue(value, 'percent', language);

  const cell = (weekday: number, hour: number) => {
    const found: UtilisationCell | undefined = byKey.get(`${weekday}-${hour}`);
    const key = `${weekday}-${hour}`;
    if (!found) return <Box component="td" key={key} sx={cellSx} />;
    if (found.utilisation === null) {
      return (
        <Box
          component="td"
          key={key}
          title={t('grid.noShiftTitle', { booked: number(found.bookedServiceHours) })}
          sx={{ ...cellSx, bgcolor: NO_SHIFT_COLOUR, color: DARK_TEXT, fontWeight: 600 }}
          data-level="OVER"
        >
          {t('grid.noShift')}
        </Box>
      );
    }
    return (
      <Box
        component="td"
        key={key}
        title={t('grid.cellTitle', { booked: number(found.bookedServiceHours), shift: number(found.shiftHours) })}
        sx={{ ...cellSx, bgcolor: heatColour(found.utilisation), color: DARK_TEXT, fontWeight: found.level === 'OVER' ? 700 : 400 }}
        data-level={found.level ?? 'NORMAL'}
      >
        {percent(found.utilisation)}
      </Box>
    );
  };

  const legend: [string, string][] = [
    [heatColour(100), t('grid.legend.over', { value: percent(UTILISATION_THRESHOLDS.over) })],
    [heatColour(65), t('grid.legend.normal', { under: percent(UTILISATION_THRESHOLDS.under), over: percent(UTILISATION_THRESHOLDS.over) })],
    [heatColour(20), t('grid.legend.under', { value: percent(UTILISATION_THRESHOLDS.under) })],
    [NO_SHIFT_COLOUR, t('grid.legend.none')],
  ];

  return (
    <>
      <Box sx={{ overflowX: 'auto', mb: 1 }}>
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', maxWidth: 760 }} data-testid="utilisation-grid">
          <Box component="caption" sx={{ captionSide: 'top', textAlign: 'left', typography: 'body2', color: 'text.secondary', mb: 1 }}>
            {t('grid.caption', { from: formatDay(grid.fromDate, language), to: formatDay(grid.toDate, language) })}
          </Box>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ ...cellSx, fontWeight: 600 }}>
                {t('grid.hour')}
              </Box>
              {weekdays.map((weekday) => (
                <Box component="th" scope="col" key={weekday} sx={{ ...cellSx, fontWeight: 600 }}>
                  <abbr title={weekdayName(weekday, language)} style={{ textDecoration: 'none' }}>
                    {weekdayName(weekday, language, 'short')}
                  </abbr>
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour}>
                <Box component="th" scope="row" sx={{ ...cellSx, fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {`${hour}-${hour + 1}`}
                </Box>
                {weekdays.map((weekday) => cell(weekday, hour))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('grid.legendLabel')}
      >
        {legend.map(([colour, text]) => (
          <Box component="li" key={text} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box aria-hidden sx={{ width: 16, height: 16, bgcolor: colour, border: 1, borderColor: 'divider' }} />
            <Typography variant="caption">{text}</Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
