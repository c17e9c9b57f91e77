import { QueryClient } from '@tanstack/react-query';
import { salonsQuery } from '../lib/salon-today';

/** Salon 1 as GET /api/Salons answers it, today included. */
export function testSalon(overrides: { id?: number; name?: string; city?: string; today?: string } = {}) {
  const { id = 1, name = 'Salone Uno', city = 'Milano', today = '2026-03-18' } = overrides;
  return { id, name, code: `S${id}`, city, address: '', timeZone: 'Europe/Rome', today, openingHours: {} };
}

/**
 * A query client for a screen test that already holds the salon list, as the shell has loaded it
 * before any screen renders; the screen's own requests go to the test's fetch stub.
 */
export function queryClientWithSalons(salons: ReturnType<typeof testSalon>[] = [testSalon()]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryDefaults(salonsQuery.queryKey, { staleTime: Number.POSITIVE_INFINITY });
  client.setQueryData(salonsQuery.queryKey, salons);
  return client;
}
