import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../components/format/dates';
import { DateField } from '../../components/report-frame/date-field';
import { type ReportFilters, useReportFilters } from '../../components/report-frame/use-report-filters';
import { salonsQuery } from '../../lib/salon-today';

/**
 * The one day a performance screen reports on, kept in the URL as fromDate = toDate (so a link to
 * the sales reports names the same day), by default the salon's today. The chain screen needs no
 * salon: without a chosen salon its today is the first salon's (the server's salon-local today).
 */
export function usePerformanceDay({ isChainWide }: { isChainWide: boolean }): { day: string; filters: ReportFilters } {
  const base = useReportFilters({ defaultFrom: 'today' });
  const salons = useQuery({ ...salonsQuery, enabled: isChainWide && base.salonId === null });
  const today = base.today ?? (isChainWide ? salons.data?.[0]?.today : undefined);
  const day = base.toDate || today || '';
  const filters = useMemo<ReportFilters>(
    () => ({ ...base, fromDate: day, toDate: day, today, isPending: day === '', isRangeValid: day !== '' }),
    [base, day, today],
  );
  return { day, filters };
}

/** The day picker of the performance screens: a date field with the day before and after. */
export function DayPicker({ filters }: { filters: ReportFilters }) {
  const { t } = useTranslation('performance');
  const day = filters.toDate;
  const setDay = (next: string) => filters.setFilters({ fromDate: next, toDate: next });
  const isAtToday = filters.today !== undefined && day >= filters.today;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <Tooltip title={t('dayPicker.previous')}>
        <span>
          <IconButton aria-label={t('dayPicker.previous')} onClick={() => setDay(addDays(day, -1))} disabled={day === ''} sx={{ mt: 0.25 }}>
            <ChevronLeft />
          </IconButton>
        </span>
      </Tooltip>
      <DateField label={t('dayPicker.label')} value={day} onChange={setDay} testId="performance-day" />
      <Tooltip title={t('dayPicker.next')}>
        <span>
          <IconButton
            aria-label={t('dayPicker.next')}
            onClick={() => setDay(addDays(day, 1))}
            disabled={day === '' || isAtToday}
            sx={{ mt: 0.25 }}
          >
            <ChevronRight />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
