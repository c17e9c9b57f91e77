import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflatePart, gzipOfParts } from './gzip-parts.js';

describe('gzip parts', () => {
  it('joins parts compressed apart into one gzip member of their texts', () => {
    const texts = ['{"a":[', 'perché è così 😀 '.repeat(500), ',', '', 'x'.repeat(100_000), ']}'];
    expect(gunzipSync(gzipOfParts(texts.map((text) => deflatePart(text)))).toString('utf8')).toBe(texts.join(''));
    expect(gunzipSync(gzipOfParts([])).length).toBe(0);
  });

  it("combines CRC-32s as zlib's crc32_combine", () => {
    for (const [a, b] of [
      ['', 'abc'],
      ['abc', ''],
      ['hello ', 'world'.repeat(1000)],
      ['x'.repeat(70_000), 'y'.repeat(130_001)],
    ] as const) {
      const [ba, bb] = [Buffer.from(a), Buffer.from(b)];
      expect(crc32Combine(crc32(ba), crc32(bb), bb.length)).toBe(crc32(Buffer.concat([ba, bb])));
    }
  });
});
