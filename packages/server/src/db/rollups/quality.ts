import { type ChangedRows, defineRollup } from './model.js';

/**
 * The (salon_id, <grain>) keys, old and new, of the client records a write added, removed or changed in
 * one of `fields`: an update of anything else (the import's first visits) marks nothing.
 */
function changedClientKeys({ oldRows, newRows }: ChangedRows, grain: string, fields: readonly string[]): string {
  const of = (alias: string) => fields.map((f) => `${alias}.${f}`).join(', ');
  return `
    SELECT k.salon_id, k.g FROM ${oldRows} o FULL JOIN ${newRows} n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.salon_id, o.${grain}), (n.salon_id, n.${grain})) k(salon_id, g)
    WHERE (${of('o')}) IS DISTINCT FROM (${of('n')})`;
}

/** The data-quality report's figures per creator: the salon's records counted by what the report groups them by. */
export const clientQualityCounts = defineRollup({
  table: 'client_quality_counts',
  description:
    'Per salon, creator (null: unknown), dq_flags and dq_score with some: how many client records. The implausible birth dates, which depend on today, are moved by the report itself.',
  columns: { salon_id: 'integer', created_by: 'integer null', dq_flags: 'smallint', dq_score: 'smallint', clients: 'bigint' },
  key: ['salon_id', 'dq_score', 'dq_flags', 'created_by'],
  grain: { column: 'dq_score', kind: 'id' },
  from: ['clients'],
  staleWhen: [
    {
      source: 'clients',
      why: "a record added or removed, or one whose salon, creator, flags or score changed, moves its old and new score (a user's removal sets its records' creator to null)",
      keys: (rows) => changedClientKeys(rows, 'dq_score', ['salon_id', 'created_by', 'dq_flags', 'dq_score']),
    },
  ],
  // One score of a salon is a range of clients_dq_score_idx, which holds the creator and flags too.
  rows: (keys) => `
    SELECT c.salon_id, c.created_by, c.dq_flags, c.dq_score, count(*) AS clients
    FROM clients c
    WHERE ${keys.match('c.salon_id', 'c.dq_score')}
    GROUP BY c.salon_id, c.created_by, c.dq_flags, c.dq_score`,
  readBy: ['DataQualities/GetCustomersBySalon', 'DataQualities/GetCustomersBySalonXls', 'CustomerAnalysis/GetCustomerAnalysisStatus'],
});

/** The fields of a record the duplicate groups read; a change of any of them moves its candidate row. */
const CANDIDATE_FIELDS = [
  'salon_id',
  'dq_name_key',
  'dq_phone_key',
  'dq_email_key',
  'created_by',
  'dq_score',
  'birth_date',
  'first_name',
  'last_name',
  'phone',
  'email',
] as const;

/** The duplicate candidates: a salon's few records that may be in a duplicate group, with what the groups read of them. */
export const clientDuplicateCandidates = defineRollup({
  table: 'client_duplicate_candidates',
  description:
    'Per salon, non-blank dq_name_key held by two or more client records, and record id: its duplicate keys, creator, stored score, birth date, names, phone and e-mail.',
  columns: {
    salon_id: 'integer',
    name_key: 'text',
    id: 'bigint',
    phone_key: 'text null',
    email_key: 'text null',
    created_by: 'integer null',
    dq_score: 'smallint',
    birth_date: 'date null',
    first_name: 'text',
    last_name: 'text',
    phone: 'text null',
    email: 'text null',
  },
  key: ['salon_id', 'name_key', 'id'],
  grain: { column: 'name_key', kind: 'hash' },
  from: ['clients'],
  staleWhen: [
    {
      source: 'clients',
      why: 'a record added or removed changes how many hold its name key; one whose name key or a field the groups read changed moves its old and new name key',
      keys: (rows) => `SELECT * FROM (${changedClientKeys(rows, 'dq_name_key', CANDIDATE_FIELDS)}) k WHERE k.g <> ''`,
    },
  ],
  // Every record of a name key has its hash, so the keys asked hold whole name keys and the count is theirs.
  rows: (keys) => `
    SELECT c.salon_id, c.dq_name_key AS name_key, c.id, c.dq_phone_key AS phone_key, c.dq_email_key AS email_key, c.created_by,
      c.dq_score, c.birth_date, c.first_name, c.last_name, c.phone, c.email
    FROM (
      SELECT c.salon_id, c.dq_name_key, c.id, c.dq_phone_key, c.dq_email_key, c.created_by, c.dq_score, c.birth_date,
        c.first_name, c.last_name, c.phone, c.email, count(*) OVER (PARTITION BY c.salon_id, c.dq_name_key) AS holders
      FROM clients c
      WHERE c.dq_name_key <> '' AND ${keys.match('c.salon_id', 'hashtext(c.dq_name_key)')}
    ) c
    WHERE c.holders > 1`,
  readBy: ['DataQualities/GetCustomersBySalon', 'DataQualities/GetCustomersBySalonXls'],
});

export const qualityRollups = [clientQualityCounts, clientDuplicateCandidates];
