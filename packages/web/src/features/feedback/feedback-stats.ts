import { localeOf } from '../../components/format/locale';
import type { FeedbackStats } from './api/use-feedback';

/** The scores a client can give, lowest first (the API's distribution is in this order). */
export const SCORES = [1, 2, 3, 4, 5] as const;

/** One colour per score, red (1) to green (5): the distribution bars and the score chart. */
export const SCORE_COLOURS = ['#c62828', '#ef6c00', '#9e9d24', '#7cb342', '#2e7d32'] as const;

/**
 * The share of the rows that gave one of `scores`, in per cent with 1 decimal, from the counts per
 * score, as the API computes it; null when there is no feedback. Only for the totals of rows a
 * table filter leaves: every other share on screen is the API's own.
 */
function sharePercent(count: number, distribution: readonly number[], scores: readonly number[]): number | null {
  if (count === 0) return null;
  const part = scores.reduce((sum, score) => sum + (distribution[score - 1] ?? 0), 0);
  return Math.round((part / count) * 1000) / 10;
}

/** The segments of a distribution bar: each score's count and its share of the row's feedback (0 when none). */
export function distributionSegments(distribution: readonly number[]): { score: number; count: number; percent: number }[] {
  const total = distribution.reduce((sum, n) => sum + n, 0);
  return SCORES.map((score) => {
    const count = distribution[score - 1] ?? 0;
    return { score, count, percent: total === 0 ? 0 : (count / total) * 100 };
  });
}

/**
 * The stats of several rows together (a filtered table's totals): counts and distributions
 * summed, the average and the shares recomputed from the distribution (rounded as the API rounds them).
 */
export function combineStats(rows: readonly Pick<FeedbackStats, 'count' | 'distribution'>[]): FeedbackStats {
  const distribution = SCORES.map((score) => rows.reduce((sum, row) => sum + (row.distribution[score - 1] ?? 0), 0));
  const count = distribution.reduce((sum, n) => sum + n, 0);
  const points = distribution.reduce((sum, n, index) => sum + n * (index + 1), 0);
  return {
    count,
    average: count === 0 ? null : Math.round((points / count) * 100) / 100,
    distribution,
    shareOfFives: sharePercent(count, distribution, [5]),
    shareOfLow: sharePercent(count, distribution, [1, 2]),
  };
}

/**
 * The totals row of a list: the API's totals while every row is shown (so it is the server's
 * figure), else the shown rows combined.
 */
export function listTotals<T extends FeedbackStats>(
  allCount: number,
  apiTotals: FeedbackStats,
  shown: readonly T[],
  blank: Omit<T, keyof FeedbackStats>,
): T {
  const stats = shown.length === allCount ? apiTotals : combineStats(shown);
  return { ...blank, ...stats } as T;
}

/** The rows with an average, lowest first: the averages chart draws them bottom-up, so the best is on top. */
export function rowsByAverage<T extends { average: number | null; count: number; name: string }>(rows: readonly T[]): T[] {
  return rows
    .filter((row) => row.average !== null)
    .sort((a, b) => (a.average as number) - (b.average as number) || a.count - b.count || b.name.localeCompare(a.name));
}

/** The link to a detail page for the same salon and range (the list's search params kept, the id added). */
export function detailLink(path: string, idParam: string, id: number, search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.delete('size');
  params.set(idParam, String(id));
  return `${path}?${params.toString()}`;
}

/** The list page of a detail page: the same search params without the id and the paging. */
export function listLink(path: string, idParam: string, search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  for (const key of [idParam, 'page', 'size']) params.delete(key);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A positive integer from the URL, else null. */
export function positiveIntOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** An average score as the API gives it, always with 2 decimals (4.40, not 4.4) so a column reads alike; an en dash for none. */
export function formatAverage(average: number | null, language: string): string {
  if (average === null) return '–';
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(average);
}
