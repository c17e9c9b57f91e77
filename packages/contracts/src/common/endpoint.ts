import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call: its method, its path exactly as clients call it (placeholders in braces,
 * the session as {SESSIONCODE}), and the schemas of its parts. The server registers routes from
 * these; the web client builds URLs and types from them.
 */
export interface Endpoint<
  P extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Longer OpenAPI text, when the summary cannot say everything (such as which fields each role gets). */
  description?: string;
  tags: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  response: R;
  /** The largest request body read (413 beyond); default the server's 5 MB. */
  maxBodyBytes?: number;
  /** The response is a file (PDF, XLSX, CSV), not JSON. */
  isFile?: boolean;
  /**
   * Error answers beyond those every route may give, with their schema (usually ErrorResponse):
   * 404 when the route names a record that may not exist, or another shape than ErrorResponse.
   * The server adds the common ones itself: 400 (bad input), 401 and 403 (behind a session),
   * 409 (writes), 503 (database unavailable).
   */
  errors?: { [status: number]: TSchema };
}

export function defineEndpoint<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
>(endpoint: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return endpoint;
}

type StaticOr<T, D> = T extends TSchema ? Static<T> : D;
export type ParamsOf<E> =
  E extends Endpoint<infer P, TSchema | undefined, TSchema | undefined, TSchema> ? StaticOr<P, Record<string, never>> : never;
export type QueryOf<E> =
  E extends Endpoint<TSchema | undefined, infer Q, TSchema | undefined, TSchema> ? StaticOr<Q, Record<string, never>> : never;
export type BodyOf<E> = E extends Endpoint<TSchema | undefined, TSchema | undefined, infer B, TSchema> ? StaticOr<B, undefined> : never;
export type ResponseOf<E> = E extends Endpoint<TSchema | undefined, TSchema | undefined, TSchema | undefined, infer R> ? Static<R> : never;

/** `/api/Salons/{SESSIONCODE}` → `/api/Salons/:SESSIONCODE` (Fastify's form). */
export function toRoutePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills a contract path's placeholders; every value is URL-encoded. */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
