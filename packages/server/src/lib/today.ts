/**
 * "Today" for every default date (report ranges, the current month or year, today / tomorrow):
 * the calendar date in the salon's time zone, never the server's or the
 * database's clock zone. A demo server pins it with DEMO_TODAY so its data and the e2e specs
 * do not move with the calendar. Session expiries are instants, not days: they use real time.
 */

/** The time zone salons count their days in unless they say otherwise (salons.time_zone defaults to it). */
export const CHAIN_TIME_ZONE = 'Europe/Rome';

/** Where "now" comes from for calendar defaults. */
export interface Clock {
  /** The current instant. */
  now(): Date;
  /** A day every salon treats as today, whatever the instant (DEMO_TODAY). */
  pinnedToday?: string;
}

/** The system clock, pinned to a day when one is given (DEMO_TODAY). */
export function createClock(pinnedToday?: string): Clock {
  return pinnedToday === undefined ? { now: () => new Date() } : { now: () => new Date(), pinnedToday };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      throw new Error(`'${timeZone}' is not an IANA time zone (salons.time_zone)`);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date of an instant in an IANA time zone, YYYY-MM-DD. */
export function dateInZone(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today in a salon's time zone, YYYY-MM-DD: the pinned day when the clock has one, else the clock's instant in that zone. */
export function salonToday(timeZone: string, clock: Clock): string {
  return clock.pinnedToday ?? dateInZone(clock.now(), timeZone);
}
