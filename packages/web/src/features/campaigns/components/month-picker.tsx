import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { monthName, monthOf, yearOf } from '../../../components/format/dates';

/** A month of a year, 1..12. */
export interface MonthOfYear {
  month: number;
  year: number;
}

/** The month `n` months after the given one. */
export function shiftMonth({ month, year }: MonthOfYear, n: number): MonthOfYear {
  const index = year * 12 + (month - 1) + n;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
}

const intParam = (text: string | null, min: number, max: number): number | null => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= min && value <= max ? value : null;
};

/**
 * The month a campaign screen shows, kept in the URL (?month&year); the salon's current month
 * (`today`) by default, 0/0 while that is not known.
 */
export function useMonthParams(today: string | undefined) {
  const [params, setParams] = useSearchParams();
  const month = intParam(params.get('month'), 1, 12) ?? (today ? monthOf(today) : 0);
  const year = intParam(params.get('year'), 2000, 2100) ?? (today ? yearOf(today) : 0);
  const setMonth = useCallback(
    (next: MonthOfYear) =>
      setParams(
        (previous) => {
          const search = new URLSearchParams(previous);
          search.set('month', String(next.month));
          search.set('year', String(next.year));
          return search;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { month, year, setMonth };
}

/** Years offered around the shown one. */
function yearsAround(year: number, today: string | undefined): number[] {
  const current = today ? yearOf(today) : year;
  const first = Math.min(current - 3, year);
  const last = Math.max(current + 1, year);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** Previous / next month buttons around a month and a year select. */
export function MonthPicker({
  value,
  today,
  onChange,
}: {
  value: MonthOfYear;
  today: string | undefined;
  onChange: (next: MonthOfYear) => void;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const isKnown = value.month > 0 && value.year > 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }} data-testid="month-picker">
      <IconButton aria-label={t('month.previous')} onClick={() => onChange(shiftMonth(value, -1))} disabled={!isKnown} size="small">
        <ChevronLeft />
      </IconButton>
      <TextField
        select
        size="small"
        label={t('month.month')}
        value={isKnown ? value.month : ''}
        onChange={(event) => onChange({ ...value, month: Number(event.target.value) })}
        sx={{ minWidth: 140 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'month-select' } } }}
      >
        {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
          <MenuItem key={month} value={month}>
            {monthName(month, i18n.language)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('month.year')}
        value={isKnown ? value.year : ''}
        onChange={(event) => onChange({ ...value, year: Number(event.target.value) })}
        sx={{ minWidth: 100 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'year-select' } } }}
      >
        {(isKnown ? yearsAround(value.year, today) : []).map((year) => (
          <MenuItem key={year} value={year}>
            {year}
          </MenuItem>
        ))}
      </TextField>
      <IconButton aria-label={t('month.next')} onClick={() => onChange(shiftMonth(value, 1))} disabled={!isKnown} size="small">
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
