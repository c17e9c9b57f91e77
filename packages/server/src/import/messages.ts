/**
 * The words of an import's row errors and failures, in English and Italian. Errors are stored as
 * a code and its details, and worded when read, in the language the reader asks for.
 */
export type Language = 'en' | 'it';
type Detail = Record<string, string | number> | null | undefined;

const ROW_MESSAGES: Record<string, { en: (d: Detail) => string; it: (d: Detail) => string }> = {
  REQUIRED: { en: () => 'A value is required', it: () => 'Il valore è obbligatorio' },
  INTEGER: { en: () => 'Not a whole number', it: () => 'Non è un numero intero' },
  DECIMAL: { en: () => 'Not a number (use a decimal point or comma)', it: () => 'Non è un numero (usare la virgola o il punto decimale)' },
  MONEY: {
    en: () => 'Not an amount in euros with at most 2 decimals',
    it: () => 'Non è un importo in euro con al massimo 2 decimali',
  },
  DATE: {
    en: () => 'Not a date (YYYY-MM-DD, DD/MM/YYYY or an Excel date)',
    it: () => 'Non è una data (AAAA-MM-GG, GG/MM/AAAA o una data Excel)',
  },
  DATETIME: {
    en: () => 'Not a date and time (YYYY-MM-DD HH:MM or DD/MM/YYYY HH:MM)',
    it: () => 'Non è una data con ora (AAAA-MM-GG HH:MM o GG/MM/AAAA HH:MM)',
  },
  BOOLEAN: { en: () => 'Not yes or no (true/false, 1/0, yes/no, si/no)', it: () => 'Non è sì o no (true/false, 1/0, si/no)' },
  ENUM: { en: (d) => `Must be one of ${d?.values}`, it: (d) => `Deve essere uno tra ${d?.values}` },
  TOO_LONG: { en: (d) => `Longer than ${d?.max} characters`, it: (d) => `Più lungo di ${d?.max} caratteri` },
  RANGE: { en: (d) => `Must be between ${d?.min} and ${d?.max}`, it: (d) => `Deve essere tra ${d?.min} e ${d?.max}` },
  NOT_ZERO: { en: () => 'Must not be 0', it: () => 'Non può essere 0' },
  TIME_ZONE: {
    en: () => 'Not an IANA time zone name (e.g. Europe/Rome)',
    it: () => 'Non è un nome di fuso orario IANA (es. Europe/Rome)',
  },
  UNKNOWN_REFERENCE: {
    en: (d) => `No ${d?.kind} with this external_id in the database`,
    it: (d) => `Nessun ${d?.kind} con questo external_id nel database`,
  },
  DUPLICATE: {
    en: (d) => `The same external_id is already on row ${d?.row} of the file`,
    it: (d) => `Lo stesso external_id è già alla riga ${d?.row} del file`,
  },
  CONFLICT: {
    en: (d) => `Already used by another record (${d?.what})`,
    it: (d) => `Già usato da un altro record (${d?.what})`,
  },
  NOT_DONE: {
    en: () => 'The appointment is not DONE: only checked-out appointments have sale lines',
    it: () => 'L’appuntamento non è DONE: solo gli appuntamenti chiusi in cassa hanno righe di vendita',
  },
  END_BEFORE_START: { en: () => 'The end is before the start', it: () => 'La fine è prima dell’inizio' },
  EMPLOYMENT_END: {
    en: () => 'The last working day is before the first',
    it: () => 'L’ultimo giorno di lavoro è prima del primo',
  },
  DISCOUNT: {
    en: () => 'The discount is more than the list amount',
    it: () => 'Lo sconto supera l’importo di listino',
  },
  WRONG_SALON: {
    en: () => 'This external_id belongs to a record of another salon',
    it: () => 'Questo external_id appartiene a un record di un altro salone',
  },
  MISSING_COLUMN: { en: (d) => `The file has no column ${d?.column}`, it: (d) => `Il file non ha la colonna ${d?.column}` },
  HAS_LINES: {
    en: () => 'The appointment has sale lines, so it must stay DONE',
    it: () => 'L’appuntamento ha righe di vendita, quindi deve restare DONE',
  },
  COLUMN_COUNT: {
    en: (d) => `The row has ${d?.found} cells, the header ${d?.expected}`,
    it: (d) => `La riga ha ${d?.found} celle, l’intestazione ${d?.expected}`,
  },
};

const KIND_WORDS: Record<string, { en: string; it: string }> = {
  clients: { en: 'client', it: 'cliente' },
  staff: { en: 'staff member', it: 'collaboratore' },
  services: { en: 'service', it: 'servizio' },
  products: { en: 'product', it: 'prodotto' },
  appointments: { en: 'appointment', it: 'appuntamento' },
  salons: { en: 'salon', it: 'salone' },
};

export function rowMessage(code: string, detail: Detail, language: Language): string {
  const entry = ROW_MESSAGES[code];
  if (!entry) return code;
  const kind = detail?.kind === undefined ? undefined : KIND_WORDS[String(detail.kind)];
  const worded = kind ? { ...detail, kind: kind[language] } : detail;
  return entry[language](worded);
}

const FAILURES: Record<string, { en: (d: Detail) => string; it: (d: Detail) => string }> = {
  EMPTY_FILE: { en: () => 'The file has no header row', it: () => 'Il file non ha la riga di intestazione' },
  NO_ROWS: { en: () => 'The file has a header but no rows', it: () => 'Il file ha l’intestazione ma nessuna riga' },
  UNREADABLE: {
    en: (d) => `The file cannot be read: ${d?.reason}`,
    it: (d) => `Il file non si può leggere: ${d?.reason}`,
  },
  NO_SHEET: {
    en: (d) => `The workbook has no sheet named ${d?.sheet}`,
    it: (d) => `La cartella di lavoro non ha un foglio ${d?.sheet}`,
  },
  SALON_MISSING: { en: (d) => `Salon ${d?.salonId} does not exist`, it: (d) => `Il salone ${d?.salonId} non esiste` },
  INTERRUPTED: {
    en: () => 'The import stopped before it finished (server restarted or process killed): nothing was written',
    it: () => 'L’importazione si è fermata prima di finire (server riavviato o processo interrotto): nulla è stato scritto',
  },
  INTERNAL: {
    en: () => 'The import failed on the server: nothing was written',
    it: () => 'L’importazione non è riuscita sul server: nulla è stato scritto',
  },
};

export function failureMessage(code: string, detail: Detail, language: Language): string {
  const entry = FAILURES[code];
  return entry ? entry[language](detail) : code;
}

/** Headers of the error report CSV. */
export const REPORT_HEADERS: Record<Language, string[]> = {
  en: ['row', 'column', 'value', 'error'],
  it: ['riga', 'colonna', 'valore', 'errore'],
};
