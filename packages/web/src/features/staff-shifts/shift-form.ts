import { parseDateInput, parseTimeInput } from '../../components/format/dates';
import { addDays, daysBetween, minutesOf } from '../../lib/staff-time';

export type ShiftRepeat = 'NONE' | 'WEEKLY' | 'FORTNIGHTLY';

/** What the shift dialog holds, as typed. */
export interface ShiftFormTexts {
  userId: string;
  /** dd/mm/yyyy */
  day: string;
  /** HH:MM */
  startTime: string;
  endTime: string;
  repeat: ShiftRepeat;
  /** dd/mm/yyyy, for a series. */
  until: string;
  note: string;
}

export type ShiftFormField = 'userId' | 'day' | 'startTime' | 'endTime' | 'until' | 'note';
/** A problem code per field: required, date, time, sameTime, tooLong, untilBeforeDay, untilTooFar, noteTooLong. */
export type ShiftFormErrors = Partial<Record<ShiftFormField, string>>;

export interface ShiftFormInput {
  userId: number;
  day: string;
  startTime: string;
  endTime: string;
  repeat: ShiftRepeat;
  /** Last day of a series (YYYY-MM-DD); the day itself for a single shift. */
  until: string;
  note: string;
}

/** A series may run at most a year ahead (the planner shows weeks, nobody plans further). */
export const SERIES_MAX_DAYS = 366;
export const NOTE_MAX = 500;
/** The longest shift the API takes. */
export const SHIFT_MAX_HOURS = 16;

const isoOrTyped = (text: string) => parseDateInput(text) ?? (/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? text.trim() : null);

/** Checks the shift dialog before anything is sent, naming each wrong field. */
export function validateShiftForm(texts: ShiftFormTexts): { input?: ShiftFormInput; errors: ShiftFormErrors } {
  const errors: ShiftFormErrors = {};
  const userId = Number(texts.userId);
  if (!texts.userId || !Number.isInteger(userId) || userId < 1) errors.userId = 'required';
  const day = isoOrTyped(texts.day);
  if (!texts.day.trim()) errors.day = 'required';
  else if (day === null) errors.day = 'date';
  const startTime = parseTimeInput(texts.startTime);
  const endTime = parseTimeInput(texts.endTime);
  if (!texts.startTime.trim()) errors.startTime = 'required';
  else if (startTime === null) errors.startTime = 'time';
  if (!texts.endTime.trim()) errors.endTime = 'required';
  else if (endTime === null) errors.endTime = 'time';
  else if (startTime !== null && startTime === endTime) errors.endTime = 'sameTime';
  else if (startTime !== null && shiftMinutes(startTime, endTime) > SHIFT_MAX_HOURS * 60) errors.endTime = 'tooLong';
  let until = day ?? '';
  if (texts.repeat !== 'NONE') {
    const parsed = isoOrTyped(texts.until);
    if (!texts.until.trim()) errors.until = 'required';
    else if (parsed === null) errors.until = 'date';
    else if (day !== null && parsed < day) errors.until = 'untilBeforeDay';
    else if (day !== null && daysBetween(day, parsed) > SERIES_MAX_DAYS) errors.until = 'untilTooFar';
    until = parsed ?? '';
  }
  if (texts.note.length > NOTE_MAX) errors.note = 'noteTooLong';
  if (Object.keys(errors).length > 0 || day === null || startTime === null || endTime === null) return { errors };
  return { errors, input: { userId, day, startTime, endTime, repeat: texts.repeat, until, note: texts.note.trim() } };
}

/** The end time is on the next day when it is not after the start (a shift across midnight belongs to the day it starts). */
export function crossesMidnight(startTime: string, endTime: string): boolean {
  return minutesOf(endTime) <= minutesOf(startTime);
}

/** A shift's length on the wall clock, in minutes (across midnight when the end is not after the start). */
export function shiftMinutes(startTime: string, endTime: string): number {
  const length = minutesOf(endTime) - minutesOf(startTime);
  return length > 0 ? length : length + 24 * 60;
}

/**
 * The wall-clock moments the API takes ('YYYY-MM-DDTHH:MM', read in the salon's time zone) of one
 * shift: its day at the start time, and the end time that day or, across midnight, the next.
 */
export function shiftMoments(day: string, startTime: string, endTime: string): { dayStart: string; dayEnd: string } {
  const endDay = crossesMidnight(startTime, endTime) ? addDays(day, 1) : day;
  return { dayStart: `${day}T${startTime}`, dayEnd: `${endDay}T${endTime}` };
}

/**
 * The query of a series (RecurrentType / Recurrent2): dayStart = the first day at the start time,
 * dayEnd = the last day a shift may start at the end time (an end before the start crosses midnight).
 */
export function seriesMoments(input: ShiftFormInput): { dayStart: string; dayEnd: string } {
  return { dayStart: `${input.day}T${input.startTime}`, dayEnd: `${input.until}T${input.endTime}` };
}

/** How many shifts a series writes: every 7 (weekly) or 14 (fortnightly) days from the first day to `until`. */
export function seriesCount(day: string, until: string, repeat: ShiftRepeat): number {
  if (repeat === 'NONE') return 1;
  const step = repeat === 'WEEKLY' ? 7 : 14;
  return Math.floor(daysBetween(day, until) / step) + 1;
}
