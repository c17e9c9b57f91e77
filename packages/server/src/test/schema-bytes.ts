import type { TSchema } from 'typebox';
import { Check } from 'typebox/value';
import { expect } from 'vitest';

/**
 * The keys of every object of `value` in the order the schema's serialiser (fast-json-stringify) writes
 * them, none other: the required properties in the schema's order, then the optional ones present.
 */
export function keysInSchemaOrder(schema: unknown, value: unknown, path = '$'): string[] {
  const s = schema as { properties?: Record<string, unknown>; required?: string[]; items?: unknown };
  if (Array.isArray(value)) return value.flatMap((item, i) => keysInSchemaOrder(s.items, item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const keys = Object.keys(value);
  const properties = Object.keys(s.properties ?? {}).filter((key) => key in value);
  const required = new Set(s.required ?? []);
  const expected = [...properties.filter((key) => required.has(key)), ...properties.filter((key) => !required.has(key))];
  const problems = keys.join() === expected.join() ? [] : [`${path}: ${keys.join()} != ${expected.join()}`];
  return [
    ...problems,
    ...keys.flatMap((key) => keysInSchemaOrder(s.properties?.[key], (value as Record<string, unknown>)[key], `${path}.${key}`)),
  ];
}

/**
 * An answer a route writes with JSON.stringify must be the bytes of the schema serialiser: valid against
 * the schema, its key order, no other field, and what JSON.stringify writes of it.
 */
export function expectSchemaBytes(schema: TSchema, res: { body: string; headers: Record<string, unknown>; json: () => unknown }) {
  const body = res.json();
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(Check(schema, body)).toBe(true);
  expect(keysInSchemaOrder(schema, body)).toEqual([]);
  expect(res.body).toBe(JSON.stringify(body));
}
