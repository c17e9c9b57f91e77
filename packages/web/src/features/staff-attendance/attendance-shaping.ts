/** The shaping of attendance sheets for the screen: months, cells, flags and times. Pure, unit-tested. */

export interface DayFlags {
  forgottenClockOut: boolean;
  clockInWithoutShift: boolean;
  shiftWithoutClockIn: boolean;
}

/** The flags of a day in the order the screen lists them (the keys of staff-attendance:flags). */
export const FLAG_KEYS = ['forgottenClockOut', 'clockInWithoutShift', 'shiftWithoutClockIn'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

export function flagsOf(flags: DayFlags): FlagKey[] {
  return FLAG_KEYS.filter((key) => flags[key]);
}

/** The month (YYYY-MM) of a day, its first and last day and every day of it. */
export function monthOf(isoMonth: string): { month: string; from: string; to: string; days: string[] } {
  const [year, month] = isoMonth.slice(0, 7).split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = isoMonth.slice(0, 7);
  const days = Array.from({ length }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);
  return { month: prefix, from: days[0] ?? `${prefix}-01`, to: days[length - 1] ?? `${prefix}-01`, days };
}

/** The month `n` months after YYYY-MM. */
export function shiftMonth(isoMonth: string, n: number): string {
  const [year, month] = isoMonth.slice(0, 7).split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + n, 1));
  return date.toISOString().slice(0, 7);
}

/** The clock time (HH:MM) of a wall-clock time YYYY-MM-DDTHH:MM, with "+1" when it falls on a later day than `day`. */
export function clockTime(time: string | null, day: string): string {
  if (!time) return '';
  const hhmm = time.slice(11, 16);
  const on = time.slice(0, 10);
  if (on === day) return hhmm;
  const days = Math.round((Date.parse(`${on}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
  return days > 0 ? `${hhmm} (+${days})` : hhmm;
}

export interface SheetCellSource {
  day: string;
  hoursWorked: number;
  shiftHours: number;
  absenceCode: 'HOLIDAY' | 'SICK' | 'PERMIT' | null;
  flags: DayFlags;
  isCorrected: boolean;
  clockIn: string | null;
  clockOut: string | null;
}

/** One cell of the people x days grid: what it shows and whether it needs a manager's look. */
export interface SheetCell {
  day: string;
  /** Hours worked, or null on a day with nothing clocked. */
  hours: number | null;
  absenceCode: SheetCellSource['absenceCode'];
  flags: FlagKey[];
  isCorrected: boolean;
  /** Clocked in and not out (open record), so no hours yet. */
  isOpen: boolean;
  hasShift: boolean;
}

/** Lays a person's listed days on every day of the month; days the API left out are empty cells. */
export function sheetRow(days: readonly SheetCellSource[], monthDays: readonly string[]): SheetCell[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  return monthDays.map((day) => {
    const found = byDay.get(day);
    if (!found) return { day, hours: null, absenceCode: null, flags: [], isCorrected: false, isOpen: false, hasShift: false };
    const isOpen = found.clockIn !== null && found.clockOut === null;
    return {
      day,
      hours: found.clockIn === null ? null : found.hoursWorked,
      absenceCode: found.absenceCode,
      flags: flagsOf(found.flags),
      isCorrected: found.isCorrected,
      isOpen,
      hasShift: found.shiftHours > 0,
    };
  });
}

/** A datetime-local input's value (YYYY-MM-DDTHH:MM) or null when empty; undefined when it is not a time. */
export function readTimeInput(value: string): string | null | undefined {
  const text = value.trim();
  if (!text) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? text : undefined;
}

export type CorrectionProblem = 'clockIn' | 'clockOut' | 'order' | 'tooLong' | 'reason';

/**
 * Checks a correction as the API does: a clock-in, a clock-out after it (at most 24 h later) or
 * none (still in), and a reason that is not blank.
 */
export function validateCorrection(values: { clockIn: string; clockOut: string; reason: string }): {
  problems: CorrectionProblem[];
  body: { clockIn: string; clockOut: string | null; reason: string } | null;
} {
  const problems: CorrectionProblem[] = [];
  const clockIn = readTimeInput(values.clockIn);
  const clockOut = readTimeInput(values.clockOut);
  if (!clockIn) problems.push('clockIn');
  if (clockOut === undefined) problems.push('clockOut');
  if (clockIn && clockOut) {
    const span = Date.parse(`${clockOut}:00Z`) - Date.parse(`${clockIn}:00Z`);
    if (span <= 0) problems.push('order');
    else if (span > 24 * 3_600_000) problems.push('tooLong');
  }
  const reason = values.reason.trim();
  if (!reason) problems.push('reason');
  if (problems.length > 0 || !clockIn || clockOut === undefined) return { problems, body: null };
  return { problems, body: { clockIn, clockOut, reason } };
}
