import { describe, expect, it } from 'vitest';
import { buildPlannerWeek, type PlannerShift } from './planner';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A shift as GET /api/UserTimeframes answers it (Rome: UTC+1 in November). */
function shift(id: number, userId: number, day: string, startTime: string, endTime: string, hours: number): PlannerShift {
  const endsNextDay = endTime <= startTime;
  return {
    userTimeframeId: id,
    userId,
    firstName: userId === 9 ? 'Nina' : '',
    lastName: userId === 9 ? 'Nove' : '',
    day,
    startTime,
    endTime,
    endsNextDay,
    hours,
    dayStart: `${day}T${startTime}:00+01:00`,
    dayEnd: `${endsNextDay ? nextDay(day) : day}T${endTime}:00+01:00`,
    note: '',
    recurrenceId: null,
    recurrenceKind: null,
  };
}

const ANNA = { id: 7, name: 'Anna' };
const BRUNO = { id: 8, name: 'Bruno' };

describe('planner shaping', () => {
  it('puts each shift in the cell of its person and day, in start order, and adds up the hours per person and in all', () => {
    const week = buildPlannerWeek({
      weekStart: '2026-11-16',
      people: [ANNA, BRUNO],
      shifts: [
        shift(2, 7, '2026-11-16', '14:00', '18:15', 4.25),
        shift(1, 7, '2026-11-16', '09:00', '13:00', 4),
        shift(3, 7, '2026-11-18', '09:00', '17:00', 8),
        shift(4, 9, '2026-11-19', '09:00', '11:00', 2),
        // The Monday after and the Sunday before: not this week.
        shift(5, 8, '2026-11-23', '09:00', '17:00', 8),
        shift(6, 8, '2026-11-15', '09:00', '17:00', 8),
      ],
      daysOff: [],
      requests: [],
    });
    expect(week.days).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    // Someone with a shift who is not in the staff list gets a row of their own, named from the shift.
    expect(week.rows.map((row) => [row.person.name, row.hours])).toEqual([
      ['Anna', 16.25],
      ['Bruno', 0],
      ['Nina Nove', 2],
    ]);
    expect(week.totalHours).toBe(18.25);
    expect(week.rows[0]?.cells[0]?.shifts.map((item) => item.userTimeframeId)).toEqual([1, 2]);
    expect(week.rows[0]?.cells.map((cell) => cell.shifts.length)).toEqual([2, 0, 1, 0, 0, 0, 0]);
    expect(week.rows[2]?.cells[3]?.shifts).toHaveLength(1);
  });

  it("adds the shifts' seconds and rounds once, as the reports do, never the shifts' rounded hours", () => {
    // Three shifts of 7 h 20 min: 7.33 h each when rounded alone (21.99 added up), 22 h in all.
    const week = buildPlannerWeek({
      weekStart: '2026-11-16',
      people: [ANNA, BRUNO],
      shifts: [
        shift(1, 7, '2026-11-16', '09:00', '16:20', 7.33),
        shift(2, 7, '2026-11-17', '09:00', '16:20', 7.33),
        shift(3, 7, '2026-11-18', '09:00', '16:20', 7.33),
        shift(4, 8, '2026-11-18', '09:00', '09:20', 0.33),
      ],
      daysOff: [],
      requests: [],
    });
    expect(week.rows.map((row) => row.hours)).toEqual([22, 0.33]);
    expect(week.totalHours).toBe(22.33);
  });

  it('keeps a shift that crosses midnight on the day it starts, with all its hours in that week', () => {
    // Sunday 22 November 21:00 to Monday 03:00: 6 hours, on Sunday, in the week of 16 November.
    const night = shift(1, 7, '2026-11-22', '21:00', '03:00', 6);
    const week = buildPlannerWeek({ weekStart: '2026-11-16', people: [ANNA], shifts: [night], daysOff: [], requests: [] });
    expect(week.rows[0]?.cells[6]?.shifts).toEqual([night]);
    expect(week.rows[0]?.cells[6]?.shifts[0]?.endsNextDay).toBe(true);
    expect(week.rows[0]?.hours).toBe(6);
    // The next week, whose Monday the shift ends on, does not count it again.
    const next = buildPlannerWeek({ weekStart: '2026-11-23', people: [ANNA], shifts: [night], daysOff: [], requests: [] });
    expect(next.rows[0]?.cells[0]?.shifts).toEqual([]);
    expect(next.rows[0]?.hours).toBe(0);
  });

  it('shows a day off and a pending request on every day they cover, within the week', () => {
    const week = buildPlannerWeek({
      weekStart: '2026-11-16',
      people: [ANNA, BRUNO],
      shifts: [],
      daysOff: [{ id: 1, userId: 8, startDate: '2026-11-14', endDate: '2026-11-17' }],
      requests: [{ id: 2, userId: 7, startDate: '2026-11-20', endDate: '2026-11-21' }],
    });
    expect(week.rows[1]?.cells.map((cell) => cell.daysOff.length)).toEqual([1, 1, 0, 0, 0, 0, 0]);
    expect(week.rows[0]?.cells.map((cell) => cell.requests.length)).toEqual([0, 0, 0, 0, 1, 1, 0]);
    expect(week.rows[0]?.cells.map((cell) => cell.daysOff.length)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
