import { HOLIDAY_LABEL_MAX } from '@salon/contracts';

/** The longest closure the API takes, in calendar days. */
export const CLOSURE_MAX_DAYS = 366;

const isIso = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

export interface ClosureTexts {
  startDate: string;
  endDate: string;
  label: string;
}

/** A problem code per field: required, date, endBeforeStart, tooLong, labelTooLong. */
export type ClosureErrors = Partial<Record<keyof ClosureTexts, string>>;

/** Checks a closure before it is sent: real dates in order, at most a year, a label of 1..80 characters. */
export function validateClosure(texts: ClosureTexts): { input?: ClosureTexts; errors: ClosureErrors } {
  const errors: ClosureErrors = {};
  if (!isIso(texts.startDate)) errors.startDate = 'required';
  const endDate = texts.endDate || texts.startDate;
  if (!isIso(endDate)) errors.endDate = 'date';
  else if (isIso(texts.startDate) && endDate < texts.startDate) errors.endDate = 'endBeforeStart';
  else if (isIso(texts.startDate) && dayNumber(endDate) - dayNumber(texts.startDate) + 1 > CLOSURE_MAX_DAYS) errors.endDate = 'tooLong';
  const label = texts.label.trim();
  if (!label) errors.label = 'required';
  else if (label.length > HOLIDAY_LABEL_MAX) errors.label = 'labelTooLong';
  return Object.keys(errors).length > 0 ? { errors } : { input: { startDate: texts.startDate, endDate, label }, errors };
}

export interface PatronTexts {
  month: string;
  day: string;
  label: string;
}

/** A problem code per field: required, noSuchDay, labelTooLong. */
export type PatronErrors = Partial<Record<keyof PatronTexts, string>>;

/** Checks a patron-saint day: a day that every year has (29 February does not), and a label. */
export function validatePatronDay(texts: PatronTexts): { input?: { month: number; day: number; label: string }; errors: PatronErrors } {
  const errors: PatronErrors = {};
  const month = Number(texts.month);
  const day = Number(texts.day.trim());
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.month = 'required';
  if (!texts.day.trim()) errors.day = 'required';
  else if (!Number.isInteger(day) || day < 1 || day > 31) errors.day = 'noSuchDay';
  // 2001 is not a leap year, so 29 February, which recurs only every fourth year, is refused.
  else if (!errors.month && new Date(Date.UTC(2001, month - 1, day)).getUTCMonth() !== month - 1) errors.day = 'noSuchDay';
  const label = texts.label.trim();
  if (!label) errors.label = 'required';
  else if (label.length > HOLIDAY_LABEL_MAX) errors.label = 'labelTooLong';
  return Object.keys(errors).length > 0 ? { errors } : { input: { month, day, label }, errors };
}
