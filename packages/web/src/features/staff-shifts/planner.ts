import { addDays, daysBetween } from '../../lib/staff-time';

/** The seconds the shifts last, from their instants (each shift's `hours` is already rounded: never add those). */
export function shiftSecondsOf(shifts: readonly Pick<PlannerShift, 'dayStart' | 'dayEnd'>[]): number {
  return shifts.reduce((sum, shift) => sum + (Date.parse(shift.dayEnd) - Date.parse(shift.dayStart)) / 1000, 0);
}

/** Hours with 2 decimals from seconds, rounded once: the server's rule, so a week's total reads as every report's. */
export function hoursOfSeconds(seconds: number): number {
  return Math.round(seconds / 36) / 100;
}

/** A shift as the planner places it: the fields of GET /api/UserTimeframes it reads. */
export interface PlannerShift {
  userTimeframeId: number;
  userId: number;
  firstName: string;
  lastName: string;
  /** The salon day the shift belongs to (the day it starts), YYYY-MM-DD. */
  day: string;
  /** Salon wall-clock times, HH:MM. */
  startTime: string;
  endTime: string;
  /** The shift crosses midnight (it still belongs to `day`). */
  endsNextDay: boolean;
  hours: number;
  dayStart: string;
  dayEnd: string;
  note: string;
  recurrenceId: string | null;
  recurrenceKind: 'WEEKLY' | 'FORTNIGHTLY' | null;
}

/** A day off or a request as the planner places it: whose, and the calendar days it spans (inclusive). */
export interface PlannerSpan {
  userId: number;
  startDate: string;
  endDate: string;
}

export interface PlannerPerson {
  id: number;
  name: string;
}

export interface PlannerCell<D extends PlannerSpan = PlannerSpan, R extends PlannerSpan = PlannerSpan> {
  day: string;
  shifts: PlannerShift[];
  daysOff: D[];
  requests: R[];
}

export interface PlannerRow<D extends PlannerSpan = PlannerSpan, R extends PlannerSpan = PlannerSpan> {
  person: PlannerPerson;
  cells: PlannerCell<D, R>[];
  /** Shift seconds of the week, as the shifts last. */
  seconds: number;
  /** Shift hours of the week (2 decimals), rounded once from `seconds`. */
  hours: number;
}

export interface PlannerWeek<D extends PlannerSpan = PlannerSpan, R extends PlannerSpan = PlannerSpan> {
  /** The seven days, Monday first. */
  days: string[];
  rows: PlannerRow<D, R>[];
  totalHours: number;
}

/** A staff member's name as lists show it: first and last name, or their id when both are empty. */
export function personName(person: { userId: number; firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || `#${person.userId}`;
}

/**
 * The week as the planner draws it: one row per person (the people given, then anyone else with
 * a shift that week), seven day cells each holding that day's shifts (by start), days off and
 * pending requests, and the hours per person and in all.
 */
export function buildPlannerWeek<D extends PlannerSpan, R extends PlannerSpan>(input: {
  weekStart: string;
  people: PlannerPerson[];
  shifts: PlannerShift[];
  daysOff: D[];
  requests: R[];
}): PlannerWeek<D, R> {
  const days = Array.from({ length: 7 }, (_, index) => addDays(input.weekStart, index));
  const people = [...input.people];
  const known = new Set(people.map((person) => person.id));
  const placed = input.shifts
    .filter((shift) => {
      const offset = daysBetween(input.weekStart, shift.day);
      return offset >= 0 && offset < 7;
    })
    .sort((a, b) => a.dayStart.localeCompare(b.dayStart) || a.userTimeframeId - b.userTimeframeId);
  for (const shift of placed) {
    if (!known.has(shift.userId)) {
      known.add(shift.userId);
      people.push({ id: shift.userId, name: personName(shift) });
    }
  }
  const covers = (span: PlannerSpan, day: string) => span.startDate <= day && span.endDate >= day;
  const rows = people.map((person): PlannerRow<D, R> => {
    const cells = days.map(
      (day): PlannerCell<D, R> => ({
        day,
        shifts: placed.filter((shift) => shift.userId === person.id && shift.day === day),
        daysOff: input.daysOff.filter((absence) => absence.userId === person.id && covers(absence, day)),
        requests: input.requests.filter((absence) => absence.userId === person.id && covers(absence, day)),
      }),
    );
    const seconds = cells.reduce((sum, cell) => sum + shiftSecondsOf(cell.shifts), 0);
    return { person, cells, seconds, hours: hoursOfSeconds(seconds) };
  });
  return { days, rows, totalHours: hoursOfSeconds(rows.reduce((sum, row) => sum + row.seconds, 0)) };
}
