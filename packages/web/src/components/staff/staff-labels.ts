import type { TFunction } from 'i18next';

/** The fields of a day off or a request that say what it is. */
export interface DayOffOrRequest {
  kind?: 'DAY_OFF' | 'SHIFT_CHANGE';
  type: string | null;
  part: string | null;
  startTime: string | null;
  endTime: string | null;
  wantedStartTime?: string | null;
  wantedEndTime?: string | null;
}

/**
 * What a day off or a request is, in a few words of the interface language: 'Holiday',
 * 'Holiday (morning)', 'Permit 10:00–12:00', 'Shift change 10:00–18:00'.
 */
export function dayOffOrRequestLabel(t: TFunction, entry: DayOffOrRequest): string {
  if (entry.kind === 'SHIFT_CHANGE') {
    return t('staff:kind.SHIFT_CHANGE_times', { start: entry.wantedStartTime ?? '', end: entry.wantedEndTime ?? '' });
  }
  const type = t(`staff:dayOffType.${entry.type ?? 'HOLIDAY'}`);
  if (entry.part === 'HOURS') return `${type} ${entry.startTime ?? ''}–${entry.endTime ?? ''}`;
  if (entry.part === 'MORNING' || entry.part === 'AFTERNOON') return `${type} (${t(`staff:dayOffPart.${entry.part}`)})`;
  return type;
}

/**
 * Chip colours of the staff screens, dark enough for white text (WCAG AA 4.5:1; MUI's info and
 * warning mains are not): a day off by its type, a request by its status.
 */
export const STAFF_CHIP_COLORS = {
  HOLIDAY: '#01579b',
  SICK: '#8c3a00',
  PERMIT: '#5b2a86',
  PENDING: '#8c3a00',
  APPROVED: '#1b5e20',
  REJECTED: '#555555',
  CANCELLED: '#4e342e',
} as const;

/** The sx of a filled chip in one of STAFF_CHIP_COLORS. */
export function staffChipSx(key: keyof typeof STAFF_CHIP_COLORS) {
  return { bgcolor: STAFF_CHIP_COLORS[key], color: '#fff' } as const;
}

/** A day the salon is closed for a holiday or a closure (the planner's and the holiday calendar's). */
export interface HolidayDay {
  kind: 'NATIONAL' | 'PATRON' | 'CLOSURE';
  holiday: string | null;
  label: string;
}

/** A closed day's name: a national holiday in the interface language, the salon's own label otherwise. */
export function holidayLabel(t: TFunction, day: HolidayDay): string {
  return day.kind === 'NATIONAL' && day.holiday ? t(`staff:holidays.national.${day.holiday}`) : day.label;
}

/** The sx of a closed day's chip: a colour no day off or request uses, dark enough for white text. */
export const HOLIDAY_CHIP_SX = { bgcolor: '#004d40', color: '#fff' } as const;
