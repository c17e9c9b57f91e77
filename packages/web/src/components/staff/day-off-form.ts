import { daysBetween, minutesOf } from '../../lib/staff-time';
import { parseTimeInput } from '../format/dates';

export type DayOffTypeName = 'HOLIDAY' | 'SICK' | 'PERMIT';
export type DayOffPartName = 'FULL_DAY' | 'MORNING' | 'AFTERNOON' | 'HOURS';

/** What a day-off form (a day off, or a request for one) holds. Dates are YYYY-MM-DD (the date fields apply only real dates). */
export interface DayOffTexts {
  type: DayOffTypeName;
  part: DayOffPartName;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  note: string;
}

export interface DayOffInputValues {
  type: DayOffTypeName;
  part: DayOffPartName;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  note: string;
}

export type DayOffField = 'part' | 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'note';
/** A problem code per field: required, endBeforeStart, tooLong, hoursOnlyPermit, time, endTimeBeforeStart, noteTooLong. */
export type DayOffErrors = Partial<Record<DayOffField, string>>;

/** The longest day off the API takes, in calendar days. */
export const DAY_OFF_MAX_DAYS = 366;
const NOTE_MAX = 500;

const isIso = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * Checks a day off before it is sent: whole days run from the first to the last day (at most a
 * year); a morning, an afternoon or hours are one day; hours are for a PERMIT only and end after
 * they start.
 */
export function validateDayOff(texts: DayOffTexts): { input?: DayOffInputValues; errors: DayOffErrors } {
  const errors: DayOffErrors = {};
  if (!isIso(texts.startDate)) errors.startDate = 'required';
  const isWholeDays = texts.part === 'FULL_DAY';
  let endDate = texts.startDate;
  if (isWholeDays) {
    if (!isIso(texts.endDate)) errors.endDate = 'required';
    else if (isIso(texts.startDate) && texts.endDate < texts.startDate) errors.endDate = 'endBeforeStart';
    else if (isIso(texts.startDate) && daysBetween(texts.startDate, texts.endDate) + 1 > DAY_OFF_MAX_DAYS) errors.endDate = 'tooLong';
    endDate = texts.endDate;
  }
  let startTime: string | null = null;
  let endTime: string | null = null;
  if (texts.part === 'HOURS') {
    if (texts.type !== 'PERMIT') errors.part = 'hoursOnlyPermit';
    startTime = parseTimeInput(texts.startTime);
    endTime = parseTimeInput(texts.endTime);
    if (!texts.startTime.trim()) errors.startTime = 'required';
    else if (startTime === null) errors.startTime = 'time';
    if (!texts.endTime.trim()) errors.endTime = 'required';
    else if (endTime === null) errors.endTime = 'time';
    else if (startTime !== null && minutesOf(endTime) <= minutesOf(startTime)) errors.endTime = 'endTimeBeforeStart';
  }
  if (texts.note.length > NOTE_MAX) errors.note = 'noteTooLong';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    input: { type: texts.type, part: texts.part, startDate: texts.startDate, endDate, startTime, endTime, note: texts.note.trim() },
  };
}
