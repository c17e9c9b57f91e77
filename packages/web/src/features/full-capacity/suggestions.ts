import { UTILISATION_THRESHOLDS } from '@salon/contracts';
import { weekdayName } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';

/** What the suggestions read of a grid cell (the UtilisationGrid endpoint's cell). */
export interface SuggestionCell {
  weekday: number;
  hour: number;
  shiftHours: number;
  bookedServiceHours: number;
}

/** A run of consecutive hours of one weekday all over (or all under) the threshold. */
export interface Suggestion {
  kind: 'over' | 'under';
  /** ISO weekday, 1 Monday .. 7 Sunday. */
  weekday: number;
  /** First hour of the run (local hour:00). */
  fromHour: number;
  /** End of the run: the hour after its last cell (10-13 = the cells of 10, 11 and 12). */
  toHour: number;
  /** Booked service hours / shift hours of the whole run, in per cent (2 decimals). */
  utilisation: number;
}

const percentOf = (booked: number, shift: number) => Math.round((booked / shift) * 10_000) / 100;

/**
 * The staffing suggestions of a weekday x hour grid: consecutive hours of one weekday whose
 * utilisation is above `thresholds.over` (busy: add someone) or below `thresholds.under`
 * (quiet), merged into one run each. Hours without shift hours are left out (nobody planned, no
 * utilisation) and break a run. Busy runs first, then quiet ones, each Monday first, then by hour.
 */
export function buildSuggestions(
  cells: readonly SuggestionCell[],
  thresholds: { over: number; under: number } = UTILISATION_THRESHOLDS,
): Suggestion[] {
  const sorted = cells.filter((cell) => cell.shiftHours > 0).sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  const runs: (Suggestion & { shift: number; booked: number })[] = [];
  for (const cell of sorted) {
    const utilisation = percentOf(cell.bookedServiceHours, cell.shiftHours);
    const kind = utilisation > thresholds.over ? 'over' : utilisation < thresholds.under ? 'under' : null;
    const last = runs.at(-1);
    if (kind === null) continue;
    if (last && last.kind === kind && last.weekday === cell.weekday && last.toHour === cell.hour) {
      last.toHour = cell.hour + 1;
      last.shift += cell.shiftHours;
      last.booked += cell.bookedServiceHours;
      last.utilisation = percentOf(last.booked, last.shift);
    } else {
      runs.push({
        kind,
        weekday: cell.weekday,
        fromHour: cell.hour,
        toHour: cell.hour + 1,
        utilisation,
        shift: cell.shiftHours,
        booked: cell.bookedServiceHours,
      });
    }
  }
  const order = { over: 0, under: 1 };
  return runs
    .map(({ kind, weekday, fromHour, toHour, utilisation }) => ({ kind, weekday, fromHour, toHour, utilisation }))
    .sort((a, b) => order[a.kind] - order[b.kind] || a.weekday - b.weekday || a.fromHour - b.fromHour);
}

type Translate = (key: string, values: Record<string, string>) => string;

/**
 * A suggestion as a sentence in the interface language: "Add a stylist on Saturday 10-13 (96.4%)",
 * "Tuesday 15-18 is at 31.2%" (`t` is the capacity namespace's translate function).
 */
export function suggestionText(suggestion: Suggestion, language: string, t: Translate): string {
  const text = t(`suggestion.${suggestion.kind}`, {
    day: weekdayName(suggestion.weekday, language),
    hours: `${suggestion.fromHour}-${suggestion.toHour}`,
    // One decimal at most, so 39.6 % never reads as the 40 % it is under.
    percent: formatValue(suggestion.utilisation, 'percent', language),
  });
  // Italian weekday names are lower case; a sentence that opens with one starts with a capital.
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}
