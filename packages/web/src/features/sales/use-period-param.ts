import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Reads an integer search param within [min, max]; anything else gives the fallback. */
export function parseIntParam(raw: string | null, min: number, max: number, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= min && value <= max ? value : fallback;
}

/** An integer report filter kept in the URL (?month, ?year), history replaced like the other filters. */
export function usePeriodParam(name: 'month' | 'year', min: number, max: number, fallback: number): [number, (value: number) => void] {
  const [params, setParams] = useSearchParams();
  const value = parseIntParam(params.get(name), min, max, fallback);
  const setValue = useCallback(
    (next: number) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set(name, String(next));
          return updated;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [value, setValue];
}
