import type { Endpoint } from '@salon/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/**
 * Numbers as a client must write them. Ajv's type coercion turns any string JavaScript's
 * Number() accepts into a number ('Infinity', '1e3', '0x10', ' 1', '+1'), and after coercion it
 * skips minimum/maximum for a non-finite value, so 'Infinity' passed a 1..36 range and looped
 * a report forever. In a JSON body it also turns "5", true and null into numbers. These checks
 * run on the raw request before Ajv (a preValidation hook of every contract route).
 */

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema | JsonSchema[];
  maxItems?: number;
}

type NumberKind = 'integer' | 'number';

const DECIMAL: Record<NumberKind, RegExp> = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ };
const TEXT_RULE: Record<NumberKind, string> = {
  integer: 'must be an integer written in decimal digits (an optional leading -, no exponent, sign, space or fraction)',
  number: 'must be a number written in decimal digits (an optional leading - and fraction, no exponent, sign or space)',
};
const JSON_RULE: Record<NumberKind, string> = { integer: 'must be a JSON integer', number: 'must be a JSON number' };

/** Every type a schema allows, through unions. */
function typesOf(schema: JsonSchema): string[] {
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return [...own, ...(schema.anyOf ?? []).flatMap(typesOf)];
}

/** 'integer' or 'number' when the schema allows only numbers (and maybe null); else undefined. */
function numberKindOf(schema: JsonSchema): { kind: NumberKind; isNullable: boolean } | undefined {
  const types = typesOf(schema);
  const values = types.filter((type) => type !== 'null');
  if (values.length === 0 || !values.every((type) => type === 'integer' || type === 'number')) return undefined;
  return { kind: values.every((type) => type === 'integer') ? 'integer' : 'number', isNullable: types.includes('null') };
}

/** The numeric properties of a params or querystring schema. */
function numberFieldsOf(schema: unknown): [string, NumberKind][] {
  const properties = (schema as JsonSchema | undefined)?.properties ?? {};
  return Object.entries(properties).flatMap(([name, property]) => {
    const numeric = numberKindOf(property);
    return numeric ? [[name, numeric.kind] as [string, NumberKind]] : [];
  });
}

/** The alternatives of a union (or the schema itself) that can describe this JSON value. */
function shapesFor(schema: JsonSchema, value: unknown): JsonSchema[] {
  const wanted = Array.isArray(value) ? 'array' : 'object';
  const alternatives = schema.anyOf ? schema.anyOf.flatMap((alternative) => shapesFor(alternative, value)) : [];
  return typesOf({ type: schema.type }).includes(wanted) ? [schema, ...alternatives] : alternatives;
}

/**
 * The first place in a JSON body where the schema wants a number and the body has anything
 * else (text, a boolean, null where null is not allowed, a fraction for an integer), as a
 * dotted path; walked with a stack, never by recursion.
 */
export function findLooseNumber(schema: unknown, body: unknown): { path: string; kind: NumberKind } | undefined {
  const pending: { schema: JsonSchema; value: unknown; path: string[] }[] = [{ schema: schema as JsonSchema, value: body, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (value === undefined) continue;
    const numeric = numberKindOf(next.schema);
    if (numeric) {
      const isNumber = typeof value === 'number' && (numeric.kind === 'number' || Number.isInteger(value));
      if (!isNumber && !(value === null && numeric.isNullable)) return { path: path.join('.'), kind: numeric.kind };
      continue;
    }
    if (value === null || typeof value !== 'object') {
      // Ajv wraps a lone value into an array where the schema wants one: check it as an item.
      const arrays = typesOf(next.schema).includes('array') ? [next.schema] : [];
      for (const shape of arrays) if (shape.items && !Array.isArray(shape.items)) pending.push({ schema: shape.items, value, path });
      continue;
    }
    // A union of object shapes is left to Ajv unless exactly one shape fits.
    const shapes = shapesFor(next.schema, value);
    const shape = shapes.length === 1 ? shapes[0] : undefined;
    if (!shape) continue;
    if (Array.isArray(value)) {
      // Longer than its maxItems: Ajv refuses it before reading an item, and this walk leaves it unread too (a huge body would block the event loop).
      if (shape.maxItems !== undefined && value.length > shape.maxItems) continue;
      const { items } = shape;
      value.forEach((item, index) => {
        const itemSchema = Array.isArray(items) ? items[index] : items;
        if (itemSchema) pending.push({ schema: itemSchema, value: item, path: [...path, String(index)] });
      });
      continue;
    }
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const declared = shape.properties?.[key];
      const patterned = Object.entries(shape.patternProperties ?? {}).find(([pattern]) => new RegExp(pattern, 'u').test(key))?.[1];
      const additional = typeof shape.additionalProperties === 'object' ? shape.additionalProperties : undefined;
      const itemSchema = declared ?? patterned ?? additional;
      if (itemSchema) pending.push({ schema: itemSchema, value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * A preValidation hook for an endpoint: 400 naming the parameter for a number in the path or
 * the query that is not plain decimal digits, and for anything but a JSON number where the body
 * wants one. Undefined when the endpoint has no numbers to check.
 */
export function strictNumbersHook(endpoint: Endpoint): ((request: FastifyRequest) => Promise<void>) | undefined {
  const inPath = numberFieldsOf(endpoint.params);
  const inQuery = numberFieldsOf(endpoint.querystring);
  const bodySchema = endpoint.body;
  if (inPath.length === 0 && inQuery.length === 0 && !bodySchema) return undefined;
  const checkText = (source: unknown, fields: [string, NumberKind][], label: string) => {
    const values = (source ?? {}) as Record<string, unknown>;
    for (const [name, kind] of fields) {
      const raw = values[name];
      if (raw === undefined) continue;
      for (const text of Array.isArray(raw) ? raw : [raw]) {
        if (typeof text !== 'string' || !DECIMAL[kind].test(text)) {
          throw new HttpError(400, `Invalid ${label} '${name}': ${TEXT_RULE[kind]}`, name);
        }
      }
    }
  };
  return async (request) => {
    checkText(request.params, inPath, 'path parameter');
    checkText(request.query, inQuery, 'query parameter');
    if (bodySchema && request.body !== undefined) {
      const loose = findLooseNumber(bodySchema, request.body);
      if (loose) {
        const where = loose.path ? `body '${loose.path}'` : 'body';
        throw new HttpError(400, `Invalid ${where}: ${JSON_RULE[loose.kind]}`, loose.path || undefined);
      }
    }
  };
}
