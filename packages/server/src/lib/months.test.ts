import { describe, expect, it } from 'vitest';
import { monthEndOf, monthIndexOf, monthNamesOf } from './months.js';

describe('months', () => {
  it('names the months in English and Italian, capitalised as titles', () => {
    expect(monthNamesOf('en')[0]).toBe('January');
    expect(monthNamesOf('en')[11]).toBe('December');
    expect(monthNamesOf('it')).toEqual([
      'Gennaio',
      'Febbraio',
      'Marzo',
      'Aprile',
      'Maggio',
      'Giugno',
      'Luglio',
      'Agosto',
      'Settembre',
      'Ottobre',
      'Novembre',
      'Dicembre',
    ]);
  });

  it('steps months and knows their last day', () => {
    expect(monthEndOf(monthIndexOf('2028-02-10'))).toBe('2028-02-29');
  });
});
