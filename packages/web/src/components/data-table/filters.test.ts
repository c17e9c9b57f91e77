import { describe, expect, it } from 'vitest';
import { compileFilter, isEmptyFilter, parseNumber, type TextFilter } from './filters';

const names = ['Salone Milano Centro', 'Roma Prati', 'milano navigli', 'Torino'];
const run = (filter: TextFilter, values: unknown[], separator: '.' | ',' = '.') => {
  const compiled = compileFilter(filter, separator);
  return values.filter((v) => compiled.test(v));
};

describe('parseNumber', () => {
  it.each([
    ['1234.5', '.', 1234.5],
    ['1,234.50', '.', 1234.5],
    ['1.234,50', ',', 1234.5],
    ['1.234,50', '.', 1234.5],
    ['1234,5', '.', 1234.5],
    ['€ 12', '.', 12],
    ['45%', '.', 45],
    ['-3', '.', -3],
    ['+7', '.', 7],
    ['.5', '.', 0.5],
    ['1,234', '.', 1234],
    ['1,234', ',', 1.234],
    ['1.234', ',', 1234],
    ['1.234', '.', 1.234],
    ['1.234.567', '.', 1234567],
    ['1,234,567', ',', 1234567],
    ['0', '.', 0],
  ] as const)('reads %s (decimal %s) as %d', (text, separator, expected) => {
    expect(parseNumber(text, separator)).toBe(expected);
  });

  it.each(['', 'abc', '12abc', '1.2.3', '1,2,3', '2026-03-01', '1..2', '1.234,5,6', '--1', '€'])('refuses %j', (text) => {
    expect(parseNumber(text)).toBeNull();
  });
});

describe('compileFilter: text modes', () => {
  it('contains ignores case', () => {
    expect(run({ mode: 'contains', text: 'MILANO' }, names)).toEqual(['Salone Milano Centro', 'milano navigli']);
  });

  it('starts with', () => {
    expect(run({ mode: 'startsWith', text: 'mil' }, names)).toEqual(['milano navigli']);
  });

  it('ends with', () => {
    expect(run({ mode: 'endsWith', text: 'TI' }, names)).toEqual(['Roma Prati']);
  });

  it('matches a regular expression, ignoring case', () => {
    expect(run({ mode: 'matches', text: '^(roma|torino)' }, names)).toEqual(['Roma Prati', 'Torino']);
    expect(run({ mode: 'matches', text: 'o$' }, names)).toEqual(['Salone Milano Centro', 'Torino']);
  });

  it('an invalid regular expression reports an error and filters nothing', () => {
    const compiled = compileFilter({ mode: 'matches', text: '([a-z' });
    expect(compiled.error).toBe('invalidRegex');
    expect(names.filter((n) => compiled.test(n))).toEqual(names);
  });

  it('an empty or blank filter passes every row', () => {
    for (const mode of ['contains', 'matches', 'greaterThan'] as const) {
      const compiled = compileFilter({ mode, text: '   ' });
      expect(compiled.error).toBeUndefined();
      expect([null, 1, 'x'].every((v) => compiled.test(v))).toBe(true);
    }
    expect(compileFilter(undefined).test('anything')).toBe(true);
  });

  it('trims the typed text', () => {
    expect(run({ mode: 'startsWith', text: '  roma ' }, names)).toEqual(['Roma Prati']);
  });

  it('tests numbers by their text, and by the text shown in the cell', () => {
    const compiled = compileFilter({ mode: 'contains', text: '1.234' });
    // raw 1234.5 is '1234.5': no match; shown '€ 1.234,50' matches.
    expect(compiled.test(1234.5)).toBe(false);
    expect(compiled.test(1234.5, '€ 1.234,50')).toBe(true);
    expect(compileFilter({ mode: 'startsWith', text: '1234' }).test(1234.5, '€ 1.234,50')).toBe(true);
  });

  it('a null cell fails text modes', () => {
    expect(compileFilter({ mode: 'contains', text: 'a' }).test(null)).toBe(false);
    expect(compileFilter({ mode: 'matches', text: '.*' }).test(undefined)).toBe(false);
  });

  it('treats regex special characters literally in contains', () => {
    expect(run({ mode: 'contains', text: '(a' }, ['x(a)', 'xa'])).toEqual(['x(a)']);
  });
});

describe('compileFilter: numeric modes', () => {
  const amounts = [0, 39.25, 950, 1000, 1500.5, -20];

  it('greater than compares numbers, strictly', () => {
    expect(run({ mode: 'greaterThan', text: '950' }, amounts)).toEqual([1000, 1500.5]);
  });

  it('less than compares numbers, strictly', () => {
    expect(run({ mode: 'lessThan', text: '39.25' }, amounts)).toEqual([0, -20]);
  });

  it('reads the limit in the interface language', () => {
    // Italian: '1.000' is one thousand, '39,25' is 39.25
    expect(run({ mode: 'greaterThan', text: '1.000' }, amounts, ',')).toEqual([1500.5]);
    expect(run({ mode: 'lessThan', text: '39,25' }, amounts, ',')).toEqual([0, -20]);
    expect(run({ mode: 'greaterThan', text: '€ 1.000,00' }, amounts, ',')).toEqual([1500.5]);
  });

  it('parses numeric text cells and fails cells that are not numbers', () => {
    expect(run({ mode: 'greaterThan', text: '10' }, ['12', '9', 'abc', null, '1,500.00'])).toEqual(['12', '1,500.00']);
  });

  it('negative limits', () => {
    expect(run({ mode: 'lessThan', text: '-1' }, amounts)).toEqual([-20]);
  });

  it('compares ISO dates when a date is typed', () => {
    const days = ['2026-02-28', '2026-03-01', '2026-03-15', 'n/a'];
    expect(run({ mode: 'greaterThan', text: '2026-03-01' }, days)).toEqual(['2026-03-15']);
    expect(run({ mode: 'lessThan', text: '2026-03' }, days)).toEqual(['2026-02-28']);
  });

  it('a limit that is not a number reports an error and filters nothing', () => {
    const compiled = compileFilter({ mode: 'greaterThan', text: 'abc' });
    expect(compiled.error).toBe('notANumber');
    expect(amounts.every((v) => compiled.test(v))).toBe(true);
  });
});

describe('isEmptyFilter', () => {
  it('is true for no filter or blank text', () => {
    expect(isEmptyFilter(undefined)).toBe(true);
    expect(isEmptyFilter({ mode: 'contains', text: ' ' })).toBe(true);
    expect(isEmptyFilter({ mode: 'contains', text: 'a' })).toBe(false);
  });
});
