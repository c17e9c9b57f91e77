const pad = (n: number) => String(n).padStart(2, '0');

/** The device's local calendar date of an instant, YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
