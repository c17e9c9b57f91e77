import { type Static, type TObject, type TProperties, type TSchema, Type } from 'typebox';
import { defineEndpoint, type Endpoint, type HttpMethod } from './endpoint.js';

/** The gender path parameter of the *Gender variants. */
export const GenderParam = Type.Union([Type.Literal('MALE'), Type.Literal('FEMALE')], {
  description:
    'Only clients of this gender count. Lines without a client, or whose client has no gender, are in neither gender (they count only in the all-genders reports)',
});

/** Which clients a report counted. */
export const GenderScope = Type.Union([Type.Literal('ALL'), Type.Literal('MALE'), Type.Literal('FEMALE')], {
  description:
    'Which clients the numbers cover: ALL (everyone, including walk-ins without a client and clients with no gender) or one client gender',
});

/** Which clients a report counts: everyone ('ALL') or one client gender. */
export type Gender = Static<typeof GenderScope>;

/** The params of a report's gender variant: the plain params plus `gender`. */
export type WithGender<P extends TProperties> = P & { gender: typeof GenderParam };

/**
 * A report served twice (the API keeps both paths): `all` counts every client, `byGender` only
 * clients of the path's {gender}. Same method, tags, query, body and response schema; the
 * gender variant's params are the plain ones plus `gender`. The server registers both with one
 * handler taking `gender: 'ALL' | 'MALE' | 'FEMALE'`; the web picks `all` or `byGender`.
 */
export interface GenderedReport<
  P extends TProperties = TProperties,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
> {
  all: Endpoint<TObject<P>, Q, B, R>;
  byGender: Endpoint<TObject<WithGender<P>>, Q, B, R>;
}

/** What differs between the two endpoints of a pair: the path ({gender} sits in different places) and the summary. */
export interface GenderedVariant {
  path: string;
  summary: string;
}

export interface GenderedReportSpec<
  P extends TProperties,
  Q extends TSchema | undefined,
  B extends TSchema | undefined,
  R extends TSchema,
> {
  method: HttpMethod;
  tags: string[];
  /** The plain endpoint's path params (the gender variant adds `gender`). */
  params: P;
  querystring?: Q;
  body?: B;
  response: R;
  all: GenderedVariant;
  byGender: GenderedVariant;
}

/** Defines a plain/gender endpoint pair once (see GenderedReport). */
export function genderedReport<
  P extends TProperties,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
>(spec: GenderedReportSpec<P, Q, B, R>): GenderedReport<P, Q, B, R> {
  const { all, byGender, params, ...shared } = spec;
  if (!byGender.path.includes('{gender}')) throw new Error(`${byGender.path}: a gender variant's path needs {gender}`);
  return {
    all: defineEndpoint({ ...shared, ...all, params: Type.Object(params) }),
    byGender: defineEndpoint({ ...shared, ...byGender, params: Type.Object({ ...params, gender: GenderParam } as WithGender<P>) }),
  };
}
