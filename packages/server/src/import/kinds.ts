import { CHAIN_IMPORT_KINDS, type ImportKindName } from '@salon/contracts';

/**
 * The columns of every import kind (docs/import.md is written from this list; the contract's
 * Kinds call serves it). A column's `type` says how a cell is read (import/values.ts);
 * `references` names the kind whose external_id the cell holds.
 */
export type ColumnType = 'text' | 'integer' | 'decimal' | 'money' | 'date' | 'datetime' | 'boolean' | 'enum';

export interface ColumnDef {
  name: string;
  type: ColumnType;
  isRequired: boolean;
  values?: readonly string[];
  references?: ImportKindName;
  /** integer / decimal: the accepted range. */
  min?: number;
  max?: number;
  /** text: the longest accepted value. */
  maxLength?: number;
  example: string;
  description: string;
  descriptionIt: string;
}

export interface KindDef {
  kind: ImportKindName;
  columns: readonly ColumnDef[];
}

const externalId = (what: string, whatIt: string): ColumnDef => ({
  name: 'external_id',
  type: 'text',
  isRequired: true,
  maxLength: 100,
  example: '',
  description: `The ${what}'s id in the point-of-sale system: the same id updates the same record`,
  descriptionIt: `L'id ${whatIt} nel gestionale di cassa: lo stesso id aggiorna lo stesso record`,
});

const ref = (name: string, kind: ImportKindName, isRequired: boolean, example: string, en: string, it: string): ColumnDef => ({
  name,
  type: 'text',
  isRequired,
  references: kind,
  maxLength: 100,
  example,
  description: en,
  descriptionIt: it,
});

const text = (name: string, isRequired: boolean, maxLength: number, example: string, en: string, it: string): ColumnDef => ({
  name,
  type: 'text',
  isRequired,
  maxLength,
  example,
  description: en,
  descriptionIt: it,
});

const GENDER: ColumnDef = {
  name: 'gender',
  type: 'enum',
  isRequired: false,
  values: ['MALE', 'FEMALE'],
  example: 'FEMALE',
  description: 'MALE or FEMALE (M/F, F/M, U/D in Italian files are read too); empty = unknown',
  descriptionIt: 'MALE o FEMALE (si leggono anche M/F e U/D); vuoto = non noto',
};

export const KINDS: readonly KindDef[] = [
  {
    kind: 'salons',
    columns: [
      { ...externalId('salon', 'del salone'), example: 'S-MI1' },
      text('code', true, 20, 'MI1', 'Short unique code of the salon', 'Codice breve e univoco del salone'),
      text('name', true, 200, 'Milano Centro', 'Name', 'Nome'),
      text('city', true, 100, 'Milano', 'City', 'Città'),
      text('address', false, 200, 'Via Torino 12', 'Street address', 'Indirizzo'),
      text('postal_code', false, 20, '20123', 'Postal code', 'CAP'),
      {
        name: 'time_zone',
        type: 'text',
        isRequired: false,
        maxLength: 64,
        example: 'Europe/Rome',
        description: 'IANA time zone name; default Europe/Rome',
        descriptionIt: 'Fuso orario IANA; predefinito Europe/Rome',
      },
      {
        name: 'active_client_days',
        type: 'integer',
        isRequired: false,
        min: 1,
        max: 3650,
        example: '90',
        description: 'A client is active when the last visit is fewer days ago than this; default 90',
        descriptionIt: 'Un cliente è attivo se l’ultima visita è di meno giorni fa; predefinito 90',
      },
      {
        name: 'lost_client_days',
        type: 'integer',
        isRequired: false,
        min: 1,
        max: 3650,
        example: '180',
        description: 'A client is lost when the last visit is more days ago than this; default 180',
        descriptionIt: 'Un cliente è perso se l’ultima visita è di più giorni fa; predefinito 180',
      },
    ],
  },
  {
    kind: 'staff',
    columns: [
      { ...externalId('staff member', 'del collaboratore'), example: 'ST-1' },
      text('first_name', true, 100, 'Giulia', 'First name', 'Nome'),
      text('last_name', true, 100, 'Bianchi', 'Last name', 'Cognome'),
      text(
        'username',
        false,
        100,
        'giulia.bianchi',
        'Sign-in name (unique in the chain); default <salon code>-<external_id>. Imported staff cannot sign in until a manager sets a password',
        'Nome utente (univoco nella catena); predefinito <codice salone>-<external_id>. Non può accedere finché un responsabile non imposta una password',
      ),
      text('email', false, 200, 'giulia@example.com', 'E-mail', 'E-mail'),
      text('phone', false, 50, '+39 333 1234567', 'Phone', 'Telefono'),
      text('title', false, 100, 'Stylist', 'Job title', 'Qualifica'),
      GENDER,
      {
        name: 'employment_start',
        type: 'date',
        isRequired: false,
        example: '2024-01-08',
        description: 'First working day',
        descriptionIt: 'Primo giorno di lavoro',
      },
      {
        name: 'employment_end',
        type: 'date',
        isRequired: false,
        example: '',
        description: 'Last working day; empty = still employed',
        descriptionIt: 'Ultimo giorno di lavoro; vuoto = in servizio',
      },
    ],
  },
  {
    kind: 'services',
    columns: [
      { ...externalId('service', 'del servizio'), example: 'SV-CUT' },
      text('name', true, 200, 'Taglio donna', 'Name', 'Nome'),
      {
        name: 'category',
        type: 'enum',
        isRequired: true,
        values: ['TREATMENT', 'COLOUR', 'HAIRCUT', 'STYLING'],
        example: 'HAIRCUT',
        description: 'TREATMENT, COLOUR, HAIRCUT or STYLING',
        descriptionIt: 'TREATMENT, COLOUR, HAIRCUT o STYLING',
      },
      {
        name: 'duration_minutes',
        type: 'integer',
        isRequired: true,
        min: 1,
        max: 1440,
        example: '45',
        description: 'Booked duration in minutes',
        descriptionIt: 'Durata prenotata in minuti',
      },
      {
        name: 'list_price',
        type: 'money',
        isRequired: true,
        min: 0,
        example: '38,00',
        description: 'List price in euros',
        descriptionIt: 'Prezzo di listino in euro',
      },
      {
        name: 'active',
        type: 'boolean',
        isRequired: false,
        example: 'true',
        description: 'Still on sale; default true',
        descriptionIt: 'Ancora in vendita; predefinito true',
      },
    ],
  },
  {
    kind: 'products',
    columns: [
      { ...externalId('product', 'del prodotto'), example: 'PR-SHAMPOO' },
      text('name', true, 200, 'Shampoo nutriente 250 ml', 'Name', 'Nome'),
      text('brand', true, 100, 'Aveda', 'Brand', 'Marca'),
      {
        name: 'category',
        type: 'enum',
        isRequired: true,
        values: ['RESALE', 'PROFESSIONAL'],
        example: 'RESALE',
        description: 'RESALE (retail) or PROFESSIONAL (back-bar use)',
        descriptionIt: 'RESALE (rivendita) o PROFESSIONAL (uso in salone)',
      },
      {
        name: 'list_price',
        type: 'money',
        isRequired: true,
        min: 0,
        example: '24,50',
        description: 'List price in euros',
        descriptionIt: 'Prezzo di listino in euro',
      },
      {
        name: 'unit_cost',
        type: 'money',
        isRequired: true,
        min: 0,
        example: '11,20',
        description: 'Purchase cost of one unit in euros',
        descriptionIt: 'Costo d’acquisto unitario in euro',
      },
      {
        name: 'active',
        type: 'boolean',
        isRequired: false,
        example: 'true',
        description: 'Still on sale; default true',
        descriptionIt: 'Ancora in vendita; predefinito true',
      },
    ],
  },
  {
    kind: 'clients',
    columns: [
      { ...externalId('client', 'del cliente'), example: 'C-1001' },
      text('first_name', true, 100, 'Anna', 'First name', 'Nome'),
      text('last_name', true, 100, 'Rossi', 'Last name', 'Cognome'),
      GENDER,
      {
        name: 'birth_date',
        type: 'date',
        isRequired: false,
        example: '14/03/1985',
        description: 'Birth date',
        descriptionIt: 'Data di nascita',
      },
      text('phone', false, 50, '+39 333 7654321', 'Phone', 'Telefono'),
      text('email', false, 200, 'anna.rossi@example.com', 'E-mail', 'E-mail'),
      text('city', false, 100, 'Milano', 'City', 'Città'),
      text('postal_code', false, 20, '20123', 'Postal code', 'CAP'),
      {
        name: 'latitude',
        type: 'decimal',
        isRequired: false,
        min: -90,
        max: 90,
        example: '45,4642',
        description: 'Latitude of the address (for the map)',
        descriptionIt: 'Latitudine dell’indirizzo (per la mappa)',
      },
      {
        name: 'longitude',
        type: 'decimal',
        isRequired: false,
        min: -180,
        max: 180,
        example: '9,19',
        description: 'Longitude of the address',
        descriptionIt: 'Longitudine dell’indirizzo',
      },
      {
        name: 'privacy_consent',
        type: 'boolean',
        isRequired: false,
        example: 'si',
        description: 'Privacy consent given; default false',
        descriptionIt: 'Consenso privacy; predefinito false',
      },
      {
        name: 'marketing_consent',
        type: 'boolean',
        isRequired: false,
        example: 'no',
        description: 'Marketing consent given; default false',
        descriptionIt: 'Consenso marketing; predefinito false',
      },
      {
        name: 'first_visit',
        type: 'date',
        isRequired: false,
        example: '2025-01-10',
        description: 'Day of the first visit; empty = the first DONE visit imported (set by the appointments and sale-lines imports)',
        descriptionIt: 'Giorno della prima visita; vuoto = la prima visita importata',
      },
    ],
  },
  {
    kind: 'appointments',
    columns: [
      { ...externalId('appointment', 'dell’appuntamento'), example: 'A-5001' },
      ref('client_external_id', 'clients', false, 'C-1001', 'The client (empty: none recorded)', 'Il cliente (vuoto: non registrato)'),
      ref('staff_external_id', 'staff', false, 'ST-1', 'The staff member', 'Il collaboratore'),
      {
        name: 'start',
        type: 'datetime',
        isRequired: true,
        example: '2025-01-10 09:30',
        description: 'Start, salon-local time; the appointment belongs to this day',
        descriptionIt: 'Inizio, ora locale del salone; l’appuntamento appartiene a questo giorno',
      },
      {
        name: 'end',
        type: 'datetime',
        isRequired: true,
        example: '2025-01-10 10:15',
        description: 'End, salon-local time, not before the start',
        descriptionIt: 'Fine, ora locale del salone, non prima dell’inizio',
      },
      {
        name: 'status',
        type: 'enum',
        isRequired: true,
        values: ['BOOKED', 'DONE', 'CANCELLED', 'NO_SHOW'],
        example: 'DONE',
        description: 'BOOKED, DONE (checked out), CANCELLED or NO_SHOW',
        descriptionIt: 'BOOKED, DONE (chiuso in cassa), CANCELLED o NO_SHOW',
      },
      {
        name: 'booked_at',
        type: 'datetime',
        isRequired: false,
        example: '2025-01-03 16:02',
        description: 'When it was booked, salon-local; default the start',
        descriptionIt: 'Quando è stato prenotato, ora locale; predefinito l’inizio',
      },
      {
        name: 'service_external_ids',
        type: 'text',
        isRequired: false,
        maxLength: 2000,
        example: 'SV-CUT|SV-PIEGA',
        description:
          'The services booked (external_ids of services, separated by |), at their list price; empty = none. A file without this column leaves the booked services as they are',
        descriptionIt:
          'I servizi prenotati (external_id dei servizi, separati da |), al prezzo di listino; vuoto = nessuno. Un file senza questa colonna lascia i servizi prenotati come sono',
      },
    ],
  },
  {
    kind: 'sale-lines',
    columns: [
      { ...externalId('sale line', 'della riga di vendita'), example: 'L-90001' },
      {
        name: 'day',
        type: 'date',
        isRequired: true,
        example: '2025-01-10',
        description: 'Day of the sale',
        descriptionIt: 'Giorno della vendita',
      },
      {
        name: 'kind',
        type: 'enum',
        isRequired: true,
        values: ['SERVICE', 'PRODUCT'],
        example: 'SERVICE',
        description: 'SERVICE or PRODUCT',
        descriptionIt: 'SERVICE o PRODUCT',
      },
      ref(
        'item_external_id',
        'services',
        true,
        'SV-CUT',
        'The service (kind SERVICE) or product (kind PRODUCT) sold',
        'Il servizio (kind SERVICE) o prodotto (kind PRODUCT) venduto',
      ),
      ref(
        'appointment_external_id',
        'appointments',
        false,
        'A-5001',
        'The appointment, which must be DONE; empty = a walk-in retail sale',
        'L’appuntamento, che deve essere DONE; vuoto = vendita al banco',
      ),
      ref(
        'client_external_id',
        'clients',
        false,
        'C-1001',
        "The client; empty = the appointment's client (or none)",
        'Il cliente; vuoto = quello dell’appuntamento (o nessuno)',
      ),
      ref('staff_external_id', 'staff', false, 'ST-1', 'Who sold or performed it', 'Chi l’ha venduto o eseguito'),
      {
        name: 'quantity',
        type: 'integer',
        isRequired: false,
        min: 1,
        max: 10000,
        example: '1',
        description: 'Units; default 1',
        descriptionIt: 'Quantità; predefinita 1',
      },
      {
        name: 'list_amount',
        type: 'money',
        isRequired: true,
        min: 0,
        example: '38,00',
        description: 'Amount at list price in euros (all units)',
        descriptionIt: 'Importo a listino in euro (tutte le unità)',
      },
      {
        name: 'paid_amount',
        type: 'money',
        isRequired: true,
        min: 0,
        example: '34,20',
        description: 'Amount paid in euros (all units)',
        descriptionIt: 'Importo pagato in euro (tutte le unità)',
      },
      {
        name: 'discount',
        type: 'money',
        isRequired: false,
        min: 0,
        example: '3,80',
        description: 'Discount in euros; default list_amount - paid_amount',
        descriptionIt: 'Sconto in euro; predefinito list_amount - paid_amount',
      },
      {
        name: 'recommended',
        type: 'boolean',
        isRequired: false,
        example: 'false',
        description: 'The staff member recommended it and the client bought it; default false',
        descriptionIt: 'Consigliato dal collaboratore e acquistato; predefinito false',
      },
    ],
  },
  {
    kind: 'stock-movements',
    columns: [
      { ...externalId('stock movement', 'del movimento'), example: 'M-1' },
      ref('product_external_id', 'products', true, 'PR-SHAMPOO', 'The product', 'Il prodotto'),
      {
        name: 'day',
        type: 'date',
        isRequired: true,
        example: '2025-01-02',
        description: 'Day of the movement',
        descriptionIt: 'Giorno del movimento',
      },
      {
        name: 'type',
        type: 'enum',
        isRequired: true,
        values: ['LOAD', 'SALE', 'INTERNAL_USE', 'ADJUSTMENT', 'TRANSFER'],
        example: 'LOAD',
        description: 'LOAD, SALE, INTERNAL_USE, ADJUSTMENT or TRANSFER',
        descriptionIt: 'LOAD, SALE, INTERNAL_USE, ADJUSTMENT o TRANSFER',
      },
      {
        name: 'quantity',
        type: 'integer',
        isRequired: true,
        min: -100000,
        max: 100000,
        example: '12',
        description: 'Units, signed: positive in, negative out; not 0',
        descriptionIt: 'Unità con segno: positive in entrata, negative in uscita; non 0',
      },
      {
        name: 'unit_cost',
        type: 'money',
        isRequired: false,
        min: 0,
        example: '11,20',
        description: "Cost of one unit in euros; default the product's unit cost",
        descriptionIt: 'Costo unitario in euro; predefinito il costo del prodotto',
      },
      text('note', false, 500, 'Ordine fornitore 42', 'Note', 'Nota'),
    ],
  },
  {
    kind: 'feedback',
    columns: [
      { ...externalId('feedback', 'del feedback'), example: 'F-1' },
      {
        name: 'day',
        type: 'date',
        isRequired: true,
        example: '2025-01-10',
        description: 'Day of the visit rated',
        descriptionIt: 'Giorno della visita valutata',
      },
      {
        name: 'score',
        type: 'integer',
        isRequired: true,
        min: 1,
        max: 5,
        example: '5',
        description: 'Score 1..5',
        descriptionIt: 'Voto da 1 a 5',
      },
      ref('appointment_external_id', 'appointments', false, 'A-5001', 'The appointment rated', 'L’appuntamento valutato'),
      ref('client_external_id', 'clients', false, 'C-1001', 'The client', 'Il cliente'),
      ref('staff_external_id', 'staff', false, 'ST-1', 'The staff member rated', 'Il collaboratore valutato'),
      ref('service_external_id', 'services', false, 'SV-CUT', 'The service rated', 'Il servizio valutato'),
      text('comment', false, 2000, 'Molto brava', 'Comment', 'Commento'),
    ],
  },
  {
    kind: 'nps',
    columns: [
      { ...externalId('NPS answer', 'della risposta NPS'), example: 'N-1' },
      {
        name: 'day',
        type: 'date',
        isRequired: true,
        example: '2025-01-11',
        description: 'Day of the answer',
        descriptionIt: 'Giorno della risposta',
      },
      {
        name: 'score',
        type: 'integer',
        isRequired: true,
        min: 0,
        max: 10,
        example: '9',
        description: 'Score 0..10',
        descriptionIt: 'Voto da 0 a 10',
      },
      ref('client_external_id', 'clients', false, 'C-1001', 'The client who answered', 'Il cliente che ha risposto'),
      text('comment', false, 2000, 'Consigliato', 'Comment', 'Commento'),
    ],
  },
];

export function kindDef(kind: ImportKindName): KindDef {
  const def = KINDS.find((k) => k.kind === kind);
  if (!def) throw new Error(`unknown import kind ${kind}`);
  return def;
}

export function isChainKind(kind: ImportKindName): boolean {
  return (CHAIN_IMPORT_KINDS as readonly string[]).includes(kind);
}

export const SAMPLE_FILES: Record<ImportKindName, string> = {
  salons: 'docs/import-samples/salons.csv',
  staff: 'docs/import-samples/staff.csv',
  services: 'docs/import-samples/services.csv',
  products: 'docs/import-samples/products.csv',
  clients: 'docs/import-samples/clients.csv',
  appointments: 'docs/import-samples/appointments.csv',
  'sale-lines': 'docs/import-samples/sale-lines.csv',
  'stock-movements': 'docs/import-samples/stock-movements.csv',
  feedback: 'docs/import-samples/feedback.csv',
  nps: 'docs/import-samples/nps.csv',
};
