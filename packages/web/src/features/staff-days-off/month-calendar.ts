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

/**
 * A short name per person that tells them apart: the first name when nobody else shown has it,
 * else the first name with as much of the last name as makes it unique ("Marco R.", "Marco Ro."),
 * else the full name.
 */
export function shortNames(people: readonly { userId: number; firstName: string; lastName: string }[]): Map<number, string> {
  const unique = new Map<number, { firstName: string; lastName: string }>();
  for (const person of people) unique.set(person.userId, { firstName: person.firstName.trim(), lastName: person.lastName.trim() });
  const names = new Map<number, string>();
  for (const [userId, person] of unique) {
    const namesakes = [...unique].filter(([id, other]) => id !== userId && other.firstName === person.firstName);
    if (namesakes.length === 0) {
      names.set(userId, person.firstName || person.lastName);
      continue;
    }
    let name = `${person.firstName} ${person.lastName}`.trim();
    for (let letters = 1; letters < person.lastName.length; letters++) {
      const prefix = person.lastName.slice(0, letters);
      if (namesakes.every(([, other]) => !other.lastName.startsWith(prefix))) {
        name = `${person.firstName} ${prefix}.`;
        break;
      }
    }
    names.set(userId, name);
  }
  return names;
}
