import { describe, expect, it } from 'vitest';
import { countFormatter, valueAxisLabel } from './axis-label';

describe('valueAxisLabel', () => {
  it('writes ticks the Italian way in Italian', () => {
    const { formatter } = valueAxisLabel('it');
    expect(formatter(12_000)).toBe('12.000');
    expect(formatter(2.5)).toBe('2,5');
    expect(formatter(0)).toBe('0');
    expect(valueAxisLabel('it', ' %').formatter(16.72)).toBe('16,72 %');
  });
  it('writes ticks the English way in English', () => {
    const { formatter } = valueAxisLabel('en');
    expect(formatter(12_000)).toBe('12,000');
    expect(formatter(2.5)).toBe('2.5');
    expect(valueAxisLabel('en', ' %').formatter(16.72)).toBe('16.72 %');
  });
});

describe('countFormatter', () => {
  it('formats counts in the language', () => {
    expect(countFormatter('it')(1234)).toBe('1.234');
    expect(countFormatter('en')(1234)).toBe('1,234');
  });
});
