import { addDays, mondayOf } from '../../lib/staff-time';

/** The weeks (Monday..Sunday) that show a month (YYYY-MM): each day with whether it is in the month. */
export function monthWeeks(month: string): { day: string; inMonth: boolean }[][] {
  const first = `${month}-01`;
  const weeks: { day: string; inMonth: boolean }[][] = [];
  let monday = mondayOf(first);
  while (monday.slice(0, 7) <= month || weeks.length === 0) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(monday, index)).map((day) => ({ day, inMonth: day.slice(0, 7) === month })));
    monday = addDays(monday, 7);
    if (monday.slice(0, 7) > month) break;
  }
  return weeks;
}

/** The first and last day of a month (YYYY-MM). */
export function monthRange(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month `n` months after a YYYY-MM month. */
export function addMonths(month: string, n: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + n, 1));
  return date.toISOString().slice(0, 7);
}
