import type { Endpoint, ParamsOf, QueryOf, ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

type Gender = 'MALE' | 'FEMALE';

/** A report's inputs as a screen has them: the salon may not be chosen yet (null), so nothing is asked. */
type Nullable<T> = T extends { salonId: number } ? Omit<T, 'salonId'> & { salonId: number | null } : T;

interface ReportInput<E extends Endpoint> {
  params?: Nullable<Omit<ParamsOf<E>, 'SESSIONCODE'>>;
  query?: Nullable<QueryOf<E>>;
}

interface ReportQueryOptions {
  /** False while the filters cannot be asked for (range reversed, today not known yet); default true. */
  isEnabled?: boolean;
}

/** The query key of a report call: its contract path, then its inputs (so `[path, { salonId }]` matches every call for a salon). */
export function reportQueryKey(endpoint: Endpoint, input: { params?: object; query?: object } = {}) {
  return [endpoint.path, input.params ?? {}, input.query ?? {}] as const;
}

function namesNoSalon(input: { params?: object; query?: object }): boolean {
  const salonOf = (part: object | undefined) => (part && 'salonId' in part ? part.salonId : undefined);
  return salonOf(input.params) === null || salonOf(input.query) === null;
}

/**
 * One report call as a TanStack query: keyed by the endpoint's path and inputs, disabled while the
 * salon is not known (salonId null) or `isEnabled` is false, aborted with the query's signal.
 */
export function useReportQuery<E extends Endpoint>(endpoint: E, input: ReportInput<E>, { isEnabled = true }: ReportQueryOptions = {}) {
  const parts = input as { params?: object; query?: object };
  return useQuery({
    queryKey: reportQueryKey(endpoint, parts),
    enabled: isEnabled && !namesNoSalon(parts),
    // Enabled only when salonId is a number, so the inputs are the contract's own here.
    queryFn: ({ signal }): Promise<ResponseOf<E>> =>
      callApi(endpoint, input as Parameters<typeof callApi<E>>[1], { signal }) as Promise<ResponseOf<E>>,
  });
}

/**
 * A report the API offers twice: for every client, and (the *Gender path) for the clients of one
 * gender, with the same answer. The pair says which is which; `gender` is added to the params.
 */
export interface GenderPair<A extends Endpoint, G extends Endpoint> {
  all: A;
  byGender: G;
}

/** The endpoint of a pair for a gender choice, with the inputs it takes ('ALL' asks the plain one). */
export function endpointByGender<A extends Endpoint, G extends Endpoint>(
  pair: GenderPair<A, G>,
  gender: 'ALL' | Gender | null | undefined,
  input: ReportInput<A>,
): { endpoint: A; input: ReportInput<A> } {
  if (!gender || gender === 'ALL') return { endpoint: pair.all, input };
  // The gender path takes the plain path's inputs plus {gender}; the answer has the same shape.
  return {
    endpoint: pair.byGender as unknown as A,
    input: { ...input, params: { ...input.params, gender } as unknown as ReportInput<A>['params'] },
  };
}

/** useReportQuery on the plain or the gender endpoint of a pair, as the gender filter says. */
export function useGenderReportQuery<A extends Endpoint, G extends Endpoint>(
  pair: GenderPair<A, G>,
  gender: 'ALL' | Gender,
  input: ReportInput<A>,
  options: ReportQueryOptions = {},
) {
  const picked = endpointByGender(pair, gender, input);
  return useReportQuery(picked.endpoint, picked.input, options);
}
