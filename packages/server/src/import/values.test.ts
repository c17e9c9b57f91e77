import { describe, expect, it } from 'vitest';
import { detectDelimiter } from './readers.js';
import { memoised, parseDecimalText, readBoolean, readDate, readDateTime, readEnum, readInteger, readMoney } from './values.js';

describe('reading cells', () => {
  it('reads decimals with a point or a comma, with or without thousands', () => {
    expect(['38,5', '38.5', '1.234,50', '1,234.50', '-0,25', '1234'].map(parseDecimalText)).toEqual([
      38.5, 38.5, 1234.5, 1234.5, -0.25, 1234,
    ]);
    expect(['', 'abc', '1,2,3.4.5', '12a', '9'.repeat(400)].map(parseDecimalText)).toEqual([null, null, null, null, null]);
    expect(['+7', '007', '1,234', '1.234', '0,1'].map(parseDecimalText)).toEqual([7, 7, 1.234, 1.234, 0.1]);
  });

  it('reads money to cents with at most 2 decimals', () => {
    expect(readMoney('38,50', 0, 1e6)).toEqual({ ok: true, value: 3850 });
    expect(readMoney('€ 1.234,05', 0, 1e6)).toEqual({ ok: true, value: 123405 });
    expect(readMoney('0.1', 0, 1e6)).toEqual({ ok: true, value: 10 });
    expect(readMoney('38,505', 0, 1e6)).toMatchObject({ ok: false, code: 'MONEY' });
    expect(readMoney('-5', 0, 1e6)).toMatchObject({ ok: false, code: 'RANGE' });
  });

  it('reads dates as YYYY-MM-DD, DD/MM/YYYY or an Excel serial, and refuses days that do not exist', () => {
    expect(['2025-01-10', '10/01/2025', '10.01.2025', '1/2/2025', '45658', '60000'].map((d) => readDate(d))).toEqual([
      { ok: true, value: '2025-01-10' },
      { ok: true, value: '2025-01-10' },
      { ok: true, value: '2025-01-10' },
      { ok: true, value: '2025-02-01' },
      // 45658 = 2025-01-01 in Excel's 1900 system; 60000 = 2064-04-08 (14342 days later)
      { ok: true, value: '2025-01-01' },
      { ok: true, value: '2064-04-08' },
    ]);
    expect(['29/02/2024', '2000-02-29', '31/12/2025'].map((d) => readDate(d).ok)).toEqual([true, true, true]);
    for (const bad of ['2025-02-29', '1900-02-29', '2100-02-29', '31/04/2025', '2025-13-01', 'ieri', '12'])
      expect(readDate(bad)).toMatchObject({ ok: false, code: 'DATE' });
  });

  it('reads a date and time, or an Excel serial with a fraction', () => {
    expect(readDateTime('10/01/2025 9:30')).toEqual({ ok: true, value: '2025-01-10 09:30:00' });
    expect(readDateTime('2025-01-10T17:05:09')).toEqual({ ok: true, value: '2025-01-10 17:05:09' });
    // 0.75 of a day is 18:00
    expect(readDateTime('45667,75')).toEqual({ ok: true, value: '2025-01-10 18:00:00' });
    expect(readDateTime('2025-01-10 25:00')).toMatchObject({ ok: false, code: 'DATETIME' });
    expect(readDateTime('2025-01-10')).toMatchObject({ ok: false, code: 'DATETIME' });
  });

  it('reads integers (12 and 12,0 alike), yes/no and enums with their aliases', () => {
    expect(readInteger('12', 0, 100)).toEqual({ ok: true, value: 12 });
    expect(readInteger('12,0', 0, 100)).toEqual({ ok: true, value: 12 });
    expect(readInteger('12,5', 0, 100)).toMatchObject({ ok: false, code: 'INTEGER' });
    expect(readInteger('101', 0, 100)).toMatchObject({ ok: false, code: 'RANGE', detail: { min: 0, max: 100 } });
    expect(['Sì', 'x', 'TRUE', '1', 'no', 'Falso'].map((v) => readBoolean(v))).toEqual([
      { ok: true, value: true },
      { ok: true, value: true },
      { ok: true, value: true },
      { ok: true, value: true },
      { ok: true, value: false },
      { ok: true, value: false },
    ]);
    expect(readEnum('f', ['MALE', 'FEMALE'])).toEqual({ ok: true, value: 'FEMALE' });
    expect(readEnum('internal use', ['LOAD', 'INTERNAL_USE'])).toEqual({ ok: true, value: 'INTERNAL_USE' });
    expect(readEnum('X', ['MALE', 'FEMALE'])).toMatchObject({ ok: false, code: 'ENUM' });
  });

  it('remembers the answers of a reader for the first distinct cells, and reads the others as the reader does', () => {
    let calls = 0;
    const read = memoised((raw: string) => {
      calls += 1;
      return readDate(raw);
    }, 2);
    const cells = ['2025-01-10', '10/01/2025', '2025-01-10', 'ieri', 'ieri', '10/01/2025'];
    expect(cells.map(read)).toEqual(cells.map((c) => readDate(c)));
    // two remembered; 'ieri' (the third distinct) is read each time
    expect(calls).toBe(4);
  });

  it('detects the separator from the header line, outside quotes', () => {
    expect(detectDelimiter('a;b;c')).toBe(';');
    expect(detectDelimiter('a,b,c')).toBe(',');
    expect(detectDelimiter('"a,b";c;d')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
  });
});
