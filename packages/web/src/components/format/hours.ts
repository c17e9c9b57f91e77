import { localeOf } from './locale';

/**
 * THE hours formatter: decimal hours as managers read them, h:mm (9.52 → 9:31, 150.63 → 150:38),
 * hours grouped as the language groups numbers (1,204:30 / 1.204:30, always, as number-format.ts groups); with `signed`, a difference
 * carries its sign (+0:45, −1:15, 0:00). Minutes are rounded from the hours, so 0.01 h never shows
 * as a minute more or less than the whole minutes it came from.
 */
export function formatHours(hours: number, language: string, options: { signed?: boolean } = {}): string {
  const totalMinutes = Math.round(Math.abs(hours) * 60);
  const whole = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const text = `${new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 0, useGrouping: 'always' }).format(whole)}:${String(minutes).padStart(2, '0')}`;
  if (totalMinutes === 0) return text;
  if (hours < 0) return `−${text}`;
  return options.signed ? `+${text}` : text;
}
