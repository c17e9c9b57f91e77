import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/full-capacity.json';
import it_ from '../../locales/it/full-capacity.json';
import { buildSuggestions, type SuggestionCell, suggestionText } from './suggestions';

/** A cell with `shift` shift hours of which `booked` are booked. */
const cell = (weekday: number, hour: number, shift: number, booked: number): SuggestionCell => ({
  weekday,
  hour,
  shiftHours: shift,
  bookedServiceHours: booked,
});

describe('buildSuggestions', () => {
  it('merges consecutive busy hours of one weekday into one run with the run’s own utilisation', () => {
    // Saturday 10, 11, 12 over 90 % (10/10, 19/20, 29/30 → 58/60 = 96.67 %), 13 at 80 %: one run 10-13.
    const cells = [cell(6, 10, 10, 10), cell(6, 11, 20, 19), cell(6, 12, 30, 29), cell(6, 13, 10, 8)];
    expect(buildSuggestions(cells)).toEqual([{ kind: 'over', weekday: 6, fromHour: 10, toHour: 13, utilisation: 96.67 }]);
  });

  it('splits runs at a gap, at a weekday change and at a change of kind, and lists busy runs first', () => {
    const cells = [
      cell(2, 15, 4, 1), // Tuesday 15-17 quiet: 2 of 8 = 25 %
      cell(2, 16, 4, 1),
      cell(2, 17, 4, 2), // 50 %: breaks the run
      cell(2, 18, 4, 0), // Tuesday 18-19 quiet: 0 %
      cell(3, 9, 2, 0), // Wednesday 9-10 quiet, another weekday
      cell(3, 10, 2, 2), // Wednesday 10-11 busy: 100 %
      cell(1, 9, 1, 0.1), // Monday 9-10 quiet: 10 %
    ];
    expect(buildSuggestions(cells)).toEqual([
      { kind: 'over', weekday: 3, fromHour: 10, toHour: 11, utilisation: 100 },
      { kind: 'under', weekday: 1, fromHour: 9, toHour: 10, utilisation: 10 },
      { kind: 'under', weekday: 2, fromHour: 15, toHour: 17, utilisation: 25 },
      { kind: 'under', weekday: 2, fromHour: 18, toHour: 19, utilisation: 0 },
      { kind: 'under', weekday: 3, fromHour: 9, toHour: 10, utilisation: 0 },
    ]);
  });

  it('takes the thresholds as strict bounds: exactly 90 % and exactly 40 % suggest nothing', () => {
    expect(buildSuggestions([cell(4, 10, 10, 9), cell(4, 11, 10, 4)])).toEqual([]);
    expect(buildSuggestions([cell(4, 10, 10, 9.01), cell(4, 11, 10, 3.99)]).map((s) => s.kind)).toEqual(['over', 'under']);
    // Other thresholds can be given.
    expect(buildSuggestions([cell(4, 10, 10, 7)], { over: 60, under: 20 })).toEqual([
      { kind: 'over', weekday: 4, fromHour: 10, toHour: 11, utilisation: 70 },
    ]);
  });

  it('suggests nothing without shift hours, and an hour with no shift breaks a run', () => {
    expect(buildSuggestions([])).toEqual([]);
    // Appointments but nobody planned: no utilisation, no suggestion.
    expect(buildSuggestions([cell(5, 10, 0, 3), cell(5, 11, 0, 0)])).toEqual([]);
    expect(buildSuggestions([cell(5, 10, 2, 2), cell(5, 11, 0, 1), cell(5, 12, 2, 2)])).toEqual([
      { kind: 'over', weekday: 5, fromHour: 10, toHour: 11, utilisation: 100 },
      { kind: 'over', weekday: 5, fromHour: 12, toHour: 13, utilisation: 100 },
    ]);
  });

  it('does not depend on the order of the cells', () => {
    const cells = [cell(6, 12, 30, 29), cell(6, 10, 10, 10), cell(6, 11, 20, 19)];
    expect(buildSuggestions(cells)).toEqual(buildSuggestions([...cells].reverse()));
    expect(buildSuggestions(cells)).toHaveLength(1);
  });
});

describe('suggestionText', () => {
  const translator = (language: string, resources: object) => {
    const instance = i18next.createInstance();
    void instance.init({
      lng: language,
      resources: { [language]: { 'full-capacity': resources } },
      ns: ['full-capacity'],
      initAsync: false,
    });
    return (key: string, values: Record<string, string>) => instance.t(key, { ...values, ns: 'full-capacity' });
  };

  it('names the weekday and the hours in English and in Italian, the per cent with one decimal at most', () => {
    const busy = { kind: 'over', weekday: 6, fromHour: 10, toHour: 13, utilisation: 96.4 } as const;
    const quiet = { kind: 'under', weekday: 2, fromHour: 15, toHour: 18, utilisation: 31.2 } as const;
    expect(suggestionText(busy, 'en', translator('en', en))).toBe('Add a stylist on Saturday 10-13 (96.4%)');
    expect(suggestionText(quiet, 'en', translator('en', en))).toBe('Tuesday 15-18 is at 31.2%');
    expect(suggestionText(busy, 'it', translator('it', it_))).toBe('Aggiungi una persona in turno: sabato 10-13 (96,4%)');
    // The sentence opens with the weekday: capitalised.
    expect(suggestionText(quiet, 'it', translator('it', it_))).toBe('Martedì 15-18 è al 31,2%');
  });
});
