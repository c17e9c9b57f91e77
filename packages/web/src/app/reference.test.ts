import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractEndpoints, renderReference } from './reference';

const FILE = resolve(import.meta.dirname, '../../../../docs/reference.md');

describe('docs/reference.md', () => {
  it('lists every contract endpoint', () => {
    const text = renderReference();
    const endpoints = contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(100);
    for (const endpoint of endpoints) expect(text).toContain(`| ${endpoint.method} | \`${endpoint.path}\` |`);
  });

  it('is what the contracts, the route table and the menu say (UPDATE_REFERENCE=1 rewrites it)', () => {
    const expected = renderReference();
    if (process.env.UPDATE_REFERENCE === '1') writeFileSync(FILE, expected);
    expect(readFileSync(FILE, 'utf8')).toBe(expected);
  });
});
