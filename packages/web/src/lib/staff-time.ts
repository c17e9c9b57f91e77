/**
 * Calendar days, weeks and wall-clock times of the staff screens. The API gives every shift its
 * salon-local day and HH:MM times and takes wall-clock times without an offset, so the screens
 * do day arithmetic only, never time-zone arithmetic.
 */

/** The day `n` days after a YYYY-MM-DD day (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The Monday of the week a day belongs to (weeks run Monday to Sunday, as in Italy and ISO 8601). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** ISO weekday of a day: 1 Monday .. 7 Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Minutes of an HH:MM time. */
export function minutesOf(time: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}

/** Hours as the staff screens write them: 7.5 → '7.5', 8 → '8', in the interface language (7,5). */
export function formatHours(hours: number, language: string): string {
  return new Intl.NumberFormat(language.startsWith('it') ? 'it-IT' : 'en-GB', { maximumFractionDigits: 2 }).format(hours);
}

/** An instant (a decision, a request's creation) as the salon's date and time, in the interface language. */
export function formatInstant(instant: string, language: string, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return new Intl.DateTimeFormat(language.startsWith('it') ? 'it-IT' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

/** The salon's wall-clock time now, in minutes since its midnight. */
export function wallClockMinutes(timeZone: string, now: Date = new Date()): number {
  const parts: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).formatToParts(
    now,
  )) {
    parts[part.type] = part.value;
  }
  return (Number(parts.hour) % 24) * 60 + Number(parts.minute);
}

/**
 * Where a shift of today stands at a wall-clock time (minutes since midnight): working 'now',
 * 'next' (not started), or 'ended'. A shift across midnight runs until the day ends.
 */
export function shiftStateAt(
  shift: { startTime: string; endTime: string; endsNextDay: boolean },
  minutes: number,
): 'now' | 'next' | 'ended' {
  const start = minutesOf(shift.startTime);
  const end = shift.endsNextDay ? 24 * 60 : minutesOf(shift.endTime);
  if (minutes < start) return 'next';
  return minutes < end ? 'now' : 'ended';
}
