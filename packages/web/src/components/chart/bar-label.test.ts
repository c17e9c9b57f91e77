import { describe, expect, it } from 'vitest';
import { barLabelK, barLabelOnTop, labelValueOf } from './bar-label';

describe('barLabelK', () => {
  it.each([
    [1500, '1.5k'],
    [950, '950'],
    [1000, '1k'],
    [999, '999'],
    [999.6, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [12345, '12.3k'],
    [250000, '250k'],
    [1234567, '1234.6k'],
    [0, '0'],
    [-0.2, '0'],
    [42.4, '42'],
    [-1500, '-1.5k'],
    [-950, '-950'],
  ])('%d -> %s', (value, label) => {
    expect(barLabelK(value)).toBe(label);
  });

  it.each([
    [82_200, '82,2k'],
    [1500, '1,5k'],
    [1000, '1k'],
    [950, '950'],
    [1_234_567, '1234,6k'],
    [-1500, '-1,5k'],
  ])('Italian: %d -> %s', (value, label) => {
    expect(barLabelK(value, 'it')).toBe(label);
  });

  it('English is the default and keeps the decimal point', () => {
    expect(barLabelK(82_200)).toBe('82.2k');
    expect(barLabelK(82_200, 'en')).toBe('82.2k');
  });

  it('prints nothing for a value that is not a number', () => {
    expect(barLabelK(Number.NaN)).toBe('');
    expect(barLabelK(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('labelValueOf', () => {
  it('reads a plain value, a dataset array row and a dataset object row', () => {
    expect(labelValueOf({ value: 1500 })).toBe(1500);
    expect(labelValueOf({ value: ['2026-03-01', 1200, 3400], encode: { x: [0], y: [2] } })).toBe(3400);
    expect(labelValueOf({ value: ['Mon', 800] })).toBe(800);
    expect(labelValueOf({ value: { day: 'Mon', revenue: 2500 }, encode: { y: [1] }, dimensionNames: ['day', 'revenue'] })).toBe(2500);
    expect(labelValueOf({ value: '1750' })).toBe(1750);
  });

  it('the ready-made label formats through both, in the language it is made for', () => {
    expect(barLabelOnTop('en').position).toBe('top');
    expect(barLabelOnTop('en').formatter({ value: ['x', 2500], encode: { y: [1] } })).toBe('2.5k');
    expect(barLabelOnTop('it').formatter({ value: ['x', 82_200], encode: { y: [1] } })).toBe('82,2k');
  });
});
