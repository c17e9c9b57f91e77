import { describe, expect, it } from 'vitest';
import { localeOf } from './locale';
import { decimalSeparatorOf, decimalsOf, formatValue } from './number-format';

// Intl separates the euro sign with a no-break space in Italian.
const normal = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatValue', () => {
  it('formats money in euros with 2 decimals per language', () => {
    expect(normal(formatValue(1234.5, 'money', 'en'))).toBe('€1,234.50');
    expect(normal(formatValue(1234.5, 'money', 'it'))).toBe('1.234,50 €');
    expect(normal(formatValue(0, 'money', 'en'))).toBe('€0.00');
  });

  it('formats numbers with up to 2 decimals and integers with none', () => {
    expect(formatValue(12345.678, 'number', 'en')).toBe('12,345.68');
    expect(formatValue(12345.678, 'number', 'it')).toBe('12.345,68');
    expect(formatValue(41.6, 'integer', 'en')).toBe('42');
  });

  it('formats a percentage given in per cent', () => {
    expect(normal(formatValue(42.5, 'percent', 'en'))).toBe('42.5%');
    expect(normal(formatValue(42.5, 'percent', 'it'))).toBe('42,5%');
    expect(normal(formatValue(100, 'percent', 'en'))).toBe('100%');
  });

  it('shows missing values as an en dash and text as it is', () => {
    expect(formatValue(null, 'money', 'en')).toBe('–');
    expect(formatValue(undefined, 'number', 'it')).toBe('–');
    expect(formatValue('Milano', 'text', 'it')).toBe('Milano');
    expect(formatValue('n/a', 'money', 'en')).toBe('n/a');
  });
});

describe('locale helpers', () => {
  it('maps languages to locales and decimal separators', () => {
    expect(localeOf('it')).toBe('it-IT');
    expect(localeOf('en')).toBe('en-GB');
    expect(decimalSeparatorOf('it')).toBe(',');
    expect(decimalSeparatorOf('en')).toBe('.');
  });
});

describe('decimalsOf and minimum decimals', () => {
  it('finds the decimals the most precise value needs, at most 2', () => {
    expect(decimalsOf([1, 2, 3])).toBe(0);
    expect(decimalsOf([1, 2.5, null])).toBe(1);
    expect(decimalsOf([9, 8.09])).toBe(2);
    expect(decimalsOf([1.23456])).toBe(2);
    expect(decimalsOf([1.999])).toBe(0);
  });

  it('shows a plain number with the minimum decimals asked, in both languages', () => {
    expect(formatValue(9, 'number', 'en', 2)).toBe('9.00');
    expect(formatValue(8.09, 'number', 'it', 2)).toBe('8,09');
    expect(formatValue(1234, 'number', 'it', 1)).toBe('1.234,0');
    expect(formatValue(9, 'integer', 'en', 2)).toBe('9');
  });
});
