import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];
/** The texts of a locale file, without its keys. */
const leaves = (value: unknown): unknown[] =>
  typeof value === 'object' && value !== null ? Object.values(value).flatMap(leaves) : [value];
const read = (language: string, file: string) => JSON.parse(readFileSync(join(dir, language, file), 'utf8')) as Record<string, unknown>;

describe('locales', () => {
  const files = readdirSync(join(dir, 'en')).filter((file) => file.endsWith('.json'));
  it.each(files)('%s has the same keys in en and it, none empty', (file) => {
    const en = read('en', file);
    const it = read('it', file);
    expect(keysOf(it).sort()).toEqual(keysOf(en).sort());
    for (const leaf of leaves(it)) expect(typeof leaf === 'string' && leaf.trim().length > 0).toBe(true);
  });
  it.each(files)('%s: the Italian texts carry no English status code and call revenue Fatturato', (file) => {
    // The texts, not the keys: a key may name a status code (phases.DONE).
    const text = leaves(read('it', file)).join('\n');
    // 'Appuntamenti DONE' read as English on an Italian screen: statuses are written in Italian.
    expect(text).not.toMatch(/\b(DONE|BOOKED|CANCELLED|NO_SHOW)\b/);
    // One word per figure: revenue is 'Fatturato' everywhere (the recap said 'Incasso totale').
    expect(text).not.toMatch(/\bincass/i);
  });
  it('translates every fixed message, kept word for word as the key', () => {
    const en = read('en', 'messages.json');
    for (const [key, value] of Object.entries(en)) expect(value).toBe(key);
    expect(Object.keys(en)).toEqual(
      expect.arrayContaining([
        'Unauthorized Access',
        'Unable to fetch product list',
        'something went wrong.',
        'Failed to login with SessionCode.',
      ]),
    );
  });
});
