/** The languages the server writes files in. */
export type ExportLanguage = 'en' | 'it';

const LABELS = {
  en: { salon: 'Salon', period: 'Period', asOf: 'As of', chain: 'All salons' },
  it: { salon: 'Salone', period: 'Periodo', asOf: 'Dati al', chain: 'Tutti i saloni' },
} as const;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A YYYY-MM-DD calendar date as the screens write it: 5 Mar 2026 / 5 mar 2026 (UTC, so no zone moves the day). */
export function exportDay(day: string, language: ExportLanguage): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format.format(date);
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** A month (YYYY-MM or a date in it) as the screens write it: Mar 2026 / mar 2026. */
export function exportMonth(month: string, language: ExportLanguage): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  let format = monthFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(language, format);
  }
  return format.format(date);
}

/** A period as words for a file's heading: one day, or "5 Mar 2026 – 31 Mar 2026". */
export function exportPeriod(fromDate: string, toDate: string, language: ExportLanguage): string {
  return fromDate === toDate ? exportDay(fromDate, language) : `${exportDay(fromDate, language)} – ${exportDay(toDate, language)}`;
}

/** What every exported file says above its figures: the report's title, the salon and the period, in the reader's language. */
export interface ExportHeading {
  title: string;
  /** The salon's name; null for a chain-wide file. */
  salonName: string | null;
  fromDate: string;
  toDate: string;
  /** A file of the state on one day (toDate), not of a period: its line says "As of". */
  isSnapshot?: boolean;
  /** Further label/value lines (filters, thresholds), already translated. */
  details?: readonly (readonly [string, string])[];
}

/** The heading as label/value rows: [title], [Salon, name], [Period, dates], then the details. */
export function exportHeadingRows(heading: ExportHeading, language: ExportLanguage): string[][] {
  const labels = LABELS[language];
  return [
    [heading.title],
    [labels.salon, heading.salonName ?? labels.chain],
    heading.isSnapshot
      ? [labels.asOf, exportDay(heading.toDate, language)]
      : [labels.period, exportPeriod(heading.fromDate, heading.toDate, language)],
    ...(heading.details ?? []).map(([label, value]) => [label, value]),
  ];
}

/** The heading as lines of text (PDFs): title first, then "Salon: name", "Period: dates". */
export function exportHeadingLines(heading: ExportHeading, language: ExportLanguage): string[] {
  const [title, ...rest] = exportHeadingRows(heading, language);
  return [title?.[0] ?? '', ...rest.map(([label, value]) => `${label}: ${value}`)];
}

/** The rows a sheet takes before its table: the heading, then one empty row. */
export function headingRowCount(heading: ExportHeading): number {
  return 3 + (heading.details?.length ?? 0) + 1;
}
