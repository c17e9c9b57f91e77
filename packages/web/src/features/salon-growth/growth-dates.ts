/** The last day of a growth period: `months` months from the 1st of periodStartDate's month, minus one day. */
export function periodEndOf(periodStartDate: string, months: number): string {
  const [year, month] = periodStartDate.split('-').map(Number) as [number, number];
  // Day 0 of the month after the period is the last day of the period's last month.
  return new Date(Date.UTC(year, month - 1 + months, 0)).toISOString().slice(0, 10);
}

/** The first and last day of a month (1..12) of a year, the last capped at `cap` (today) when given. */
export function monthRange(year: number, month: number, cap?: string): { dateFrom: string; dateTo: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const dateFrom = `${year}-${pad(month)}-01`;
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { dateFrom, dateTo: cap && cap < last && cap >= dateFrom ? cap : last };
}
