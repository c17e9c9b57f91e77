import type { ColumnType, Generated, GeneratedAlways, Kysely, Transaction } from 'kysely';
import type { RollupTables } from './rollups/registry.js';

/** A column the database fills (identity or default) but that may be written too. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** bigint and numeric come back as JS numbers (type parsers in connect.ts; values stay far below 2^53). */
type BigId = ColumnType<number, number | undefined, number>;
type BigRef = number;
type Numeric = number;
type Json<T> = ColumnType<T, string, string>;
/** `date` columns are returned as YYYY-MM-DD strings (see the pg type parser in connect.ts). */
type DateCol = string;
type Timestamp = Date;
/** An import's key (migration 016), optional on every other write. */
type ExternalId = ColumnType<string | null, string | null | undefined, string | null>;

export type Role = 'SUPERADMIN' | 'ADMIN' | 'RECEPTIONIST' | 'SALESMARKETING' | 'IMAGE' | 'ASSISTANCE';
export type Gender = 'MALE' | 'FEMALE';
export type ServiceCategory = 'TREATMENT' | 'COLOUR' | 'HAIRCUT' | 'STYLING';
export type ProductCategory = 'RESALE' | 'PROFESSIONAL';
export type AppointmentStatus = 'BOOKED' | 'DONE' | 'CANCELLED' | 'NO_SHOW';
export type DayOffType = 'HOLIDAY' | 'SICK' | 'PERMIT';
export type RequestStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
export type RequestKind = 'DAY_OFF' | 'SHIFT_CHANGE';
export type DayOffPart = 'FULL_DAY' | 'MORNING' | 'AFTERNOON' | 'HOURS';
export type RecurrenceKind = 'WEEKLY' | 'FORTNIGHTLY';
export type StockMovementType = 'LOAD' | 'SALE' | 'INTERNAL_USE' | 'ADJUSTMENT' | 'TRANSFER';
export type SalonConfigProduct = 'treatment' | 'colour' | 'haircut' | 'resale' | 'styling';

export interface SalonsTable {
  id: Generated<number>;
  name: string;
  code: string;
  city: string;
  address: Defaulted<string>;
  postal_code: Defaulted<string>;
  time_zone: Defaulted<string>;
  opening_hours: Json<Record<string, [string, string] | null>>;
  active_client_days: Defaulted<number>;
  lost_client_days: Defaulted<number>;
  created_at: Generated<Timestamp>;
  external_id: ExternalId;
}

export interface UsersTable {
  id: Generated<number>;
  salon_id: number | null;
  username: string;
  password_hash: string;
  first_name: Defaulted<string>;
  last_name: Defaulted<string>;
  phone_number: Defaulted<string>;
  email: Defaulted<string>;
  title: Defaulted<string>;
  note: Defaulted<string>;
  gender: Gender | null;
  employment_start: DateCol | null;
  employment_end: DateCol | null;
  settings: ColumnType<unknown, string | null, string | null>;
  shortcuts: ColumnType<string[], string | undefined, string>;
  language: Defaulted<'en' | 'it'>;
  /** HOLIDAY working days a year (migration 008). */
  annual_allowance_days: Defaulted<Numeric>;
  created_at: Generated<Timestamp>;
  external_id: ExternalId;
}

export interface PermissionsTable {
  id: number;
  permission: Role;
}

export interface UserPermissionsTable {
  id: Generated<number>;
  user_id: number;
  permission_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Generated<Timestamp>;
  last_seen_at: Generated<Timestamp>;
  expires_at: Timestamp;
  expires_max: Timestamp;
  revoked_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  address: string;
  at: Generated<Timestamp>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  category: ServiceCategory;
  duration_minutes: number;
  list_price_cents: number;
  active: Defaulted<boolean>;
  external_id: ExternalId;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  brand: string;
  category: ProductCategory;
  list_price_cents: number;
  unit_cost_cents: number;
  active: Defaulted<boolean>;
  external_id: ExternalId;
}

export interface ClientsTable {
  salon_id: number;
  id: BigId;
  first_name: Defaulted<string>;
  last_name: Defaulted<string>;
  gender: Gender | null;
  birth_date: DateCol | null;
  phone: string | null;
  email: string | null;
  city: string | null;
  postal_code: string | null;
  latitude: number | null;
  longitude: number | null;
  privacy_consent: Defaulted<boolean>;
  marketing_consent: Defaulted<boolean>;
  first_visit: DateCol | null;
  external_id: string | null;
  created_at: Generated<Timestamp>;
  /** The staff member who created the record (migration 010); null = unknown. */
  created_by: Defaulted<number | null>;
  /** Data-quality keys kept by PostgreSQL (migration 010, generated): never written. */
  dq_phone_key: GeneratedAlways<string | null>;
  dq_email_valid: GeneratedAlways<boolean>;
  dq_email_key: GeneratedAlways<string | null>;
  dq_name_key: GeneratedAlways<string>;
}

export interface AppointmentsTable {
  salon_id: number;
  id: BigId;
  client_id: BigRef | null;
  staff_id: number | null;
  day: DateCol;
  start_at: Timestamp;
  end_at: Timestamp;
  status: AppointmentStatus;
  booked_at: Defaulted<Timestamp>;
  external_id: string | null;
}

export interface SaleLinesTable {
  salon_id: number;
  id: BigId;
  appointment_id: BigRef | null;
  client_id: BigRef | null;
  staff_id: number | null;
  day: DateCol;
  kind: 'SERVICE' | 'PRODUCT';
  service_id: number | null;
  product_id: number | null;
  category: ServiceCategory | ProductCategory;
  quantity: Defaulted<number>;
  list_amount_cents: number;
  paid_amount_cents: number;
  discount_cents: Defaulted<number>;
  recommended: Defaulted<boolean>;
  external_id: string | null;
}

/** A service booked on an appointment (migration 003): the expected revenue before checkout. */
export interface AppointmentServicesTable {
  salon_id: number;
  id: BigId;
  appointment_id: BigRef;
  service_id: number;
  staff_id: number | null;
  list_price_cents: number;
  external_id: string | null;
}

export interface FeedbackTable {
  salon_id: number;
  id: BigId;
  appointment_id: BigRef | null;
  client_id: BigRef | null;
  staff_id: number | null;
  service_id: number | null;
  score: number;
  comment: Defaulted<string>;
  created_at: Defaulted<Timestamp>;
  day: DateCol;
  external_id: ExternalId;
}

export interface NpsResponsesTable {
  salon_id: number;
  id: BigId;
  client_id: BigRef | null;
  day: DateCol;
  score: number;
  comment: Defaulted<string>;
  external_id: ExternalId;
}

export interface StockMovementsTable {
  salon_id: number;
  id: BigId;
  product_id: number;
  day: DateCol;
  type: StockMovementType;
  quantity: number;
  unit_cost_cents: number;
  note: Defaulted<string>;
  external_id: string | null;
}

export interface UserTimeframesTable {
  salon_id: number;
  id: BigId;
  user_id: number;
  day_start: Timestamp;
  day_end: Timestamp;
  note: Defaulted<string>;
  recurrence_id: string | null;
  recurrence_kind: ColumnType<RecurrenceKind | null, RecurrenceKind | null | undefined, RecurrenceKind | null>;
}

export interface UserShiftsTable {
  salon_id: number;
  id: BigId;
  user_id: number;
  start_day: DateCol;
  end_day: DateCol;
  type: DayOffType;
  note: Defaulted<string>;
  part: Defaulted<DayOffPart>;
  /** 'HH:MM:SS' (time), HOURS only. */
  start_time: ColumnType<string | null, string | null | undefined, string | null>;
  end_time: ColumnType<string | null, string | null | undefined, string | null>;
  user_shift_request_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface UserShiftRequestsTable {
  salon_id: number;
  id: BigId;
  user_id: number;
  start_day: DateCol;
  end_day: DateCol;
  /** Null for a SHIFT_CHANGE. */
  type: DayOffType | null;
  note: Defaulted<string>;
  kind: Defaulted<RequestKind>;
  part: ColumnType<DayOffPart | null, DayOffPart | null | undefined, DayOffPart | null>;
  start_time: ColumnType<string | null, string | null | undefined, string | null>;
  end_time: ColumnType<string | null, string | null | undefined, string | null>;
  wanted_start: ColumnType<Timestamp | null, Timestamp | string | null | undefined, Timestamp | string | null>;
  wanted_end: ColumnType<Timestamp | null, Timestamp | string | null | undefined, Timestamp | string | null>;
  user_timeframe_id: ColumnType<number | null, number | null | undefined, number | null>;
  status: Defaulted<RequestStatus>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  /** Why a manager rejected it ('' when they gave no reason). */
  reject_reason: Defaulted<string>;
  cancelled_by: ColumnType<number | null, number | null | undefined, number | null>;
  cancelled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: Generated<Timestamp>;
}

export interface AttendancesTable {
  salon_id: number;
  id: BigId;
  user_id: number;
  clock_in: Timestamp;
  clock_out: Timestamp | null;
  source: Defaulted<string>;
}

export interface NewsTable {
  id: Generated<number>;
  salon_id: number | null;
  author_id: number | null;
  title: string;
  body: string;
  published_at: Defaulted<Timestamp>;
  updated_at: Timestamp | null;
}

export interface AttendanceCorrectionsTable {
  salon_id: number;
  id: BigId;
  attendance_id: number;
  user_id: number;
  action: 'ADD' | 'CHANGE' | 'DELETE';
  changed_by: number | null;
  changed_at: Defaulted<Timestamp>;
  old_clock_in: Timestamp | null;
  old_clock_out: Timestamp | null;
  new_clock_in: Timestamp | null;
  new_clock_out: Timestamp | null;
  reason: string;
}

export interface NewsReadsTable {
  user_id: number;
  read_at: Timestamp;
}

export interface SalonConfigsTable {
  salon_id: number;
  product: SalonConfigProduct;
  id: Generated<number>;
  reach_target_months: Defaulted<number>;
  target_months: Defaulted<number>;
  period_start_date: DateCol;
  target: ColumnType<number, number | undefined, number>;
}

export interface FullCapacitySettingsTable {
  salon_id: number;
  number_of_people: Defaulted<number>;
  average_hourly_cents: Defaulted<number>;
}

export interface CampaignsTable {
  id: Generated<number>;
  name: string;
  description: Defaulted<string>;
  month: number | null;
  year: number | null;
  date_from: DateCol;
  date_to: DateCol;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  tier_mode: Defaulted<'STRAIGHT' | 'SLIDING'>;
}

export interface CampaignSalonsTable {
  salon_id: number;
  campaign_id: number;
  target_cents: Defaulted<number>;
  closed_at: ColumnType<Timestamp | null, Date | string | null | undefined, Date | string | null>;
  closed_by: ColumnType<number | null, number | null | undefined, number | null>;
  closed_revenue_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CampaignStaffTable {
  salon_id: number;
  campaign_id: number;
  user_id: number;
  target_cents: Defaulted<number>;
  feedback: Defaulted<string>;
}

export interface CampaignTeamLeadersTable {
  salon_id: number;
  campaign_id: number;
  user_id: number;
  bonus_percent: ColumnType<number, number | undefined, number>;
}

export interface CampaignServicesProductsTable {
  salon_id: number;
  campaign_id: number;
  id: Generated<number>;
  service_id: number | null;
  product_id: number | null;
  bonus_per_unit_cents: Defaulted<number>;
  bonus_percent: ColumnType<number, number | undefined, number>;
  bonus_kind: Defaulted<'PER_UNIT' | 'PERCENT' | 'TIERS'>;
}

export interface CampaignItemTiersTable {
  salon_id: number;
  campaign_id: number;
  item_row_id: number;
  from_units: number;
  per_unit_cents: number;
}

export interface CampaignResultsTable {
  salon_id: number;
  campaign_id: number;
  user_id: number;
  item_row_id: number;
  units: number;
  revenue_cents: number;
  bonus_cents: number;
}

export interface CheckUpsTable {
  salon_id: number;
  gender: Defaulted<'ALL' | Gender>;
  kpi: string;
  target: Numeric;
  updated_at: Defaulted<Timestamp>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Generated<Timestamp>;
}

/** Every table, in one place (kysely-org/kysely example/src/database.ts). */
/** One import (migration 016): its progress and result. */
export interface ImportJobsTable {
  id: Generated<number>;
  salon_id: number | null;
  kind: string;
  file_name: string;
  file_bytes: number;
  sheet: string | null;
  is_dry_run: boolean;
  status: Defaulted<'RUNNING' | 'SUCCEEDED' | 'INVALID' | 'FAILED'>;
  phase: Defaulted<'READING' | 'CHECKING' | 'WRITING' | 'ROLLUPS' | 'DONE'>;
  progress: Defaulted<number>;
  rows_read: Defaulted<number>;
  rows_inserted: Defaulted<number>;
  rows_updated: Defaulted<number>;
  rows_unchanged: Defaulted<number>;
  error_count: Defaulted<number>;
  failure_code: string | null;
  failure_detail: ColumnType<Record<string, string | number> | null, string | null, string | null>;
  days_from: DateCol | null;
  days_to: DateCol | null;
  user_id: number | null;
  created_at: Generated<Timestamp>;
  heartbeat_at: Generated<Timestamp>;
  finished_at: Timestamp | null;
}

/** One invalid row (or cell) of an import. */
export interface ImportJobErrorsTable {
  job_id: number;
  seq: number;
  row_number: number;
  column_name: string;
  value: string;
  code: string;
  detail: ColumnType<Record<string, string | number> | null, string | null, string | null>;
}

/** A salon's closure (migration 061): every day of start_day..end_day. */
export interface SalonClosuresTable {
  salon_id: number;
  id: GeneratedAlways<number>;
  start_day: DateCol;
  end_day: DateCol;
  label: string;
  created_by: number | null;
  created_at: Generated<Timestamp>;
}

/** A salon's patron-saint day (migration 061), every year. */
export interface SalonPatronDaysTable {
  salon_id: number;
  month: number;
  day: number;
  label: string;
  updated_by: number | null;
  updated_at: Generated<Timestamp>;
}

export interface Database extends RollupTables {
  salons: SalonsTable;
  users: UsersTable;
  permissions: PermissionsTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  server_secrets: ServerSecretsTable;
  services: ServicesTable;
  products: ProductsTable;
  clients: ClientsTable;
  appointments: AppointmentsTable;
  sale_lines: SaleLinesTable;
  appointment_services: AppointmentServicesTable;
  feedback: FeedbackTable;
  nps_responses: NpsResponsesTable;
  stock_movements: StockMovementsTable;
  user_timeframes: UserTimeframesTable;
  user_shifts: UserShiftsTable;
  user_shift_requests: UserShiftRequestsTable;
  salon_closures: SalonClosuresTable;
  salon_patron_days: SalonPatronDaysTable;
  attendances: AttendancesTable;
  news: NewsTable;
  news_reads: NewsReadsTable;
  attendance_corrections: AttendanceCorrectionsTable;
  salon_configs: SalonConfigsTable;
  full_capacity_settings: FullCapacitySettingsTable;
  campaigns: CampaignsTable;
  campaign_salons: CampaignSalonsTable;
  campaign_staff: CampaignStaffTable;
  campaign_team_leaders: CampaignTeamLeadersTable;
  campaign_services_products: CampaignServicesProductsTable;
  campaign_item_tiers: CampaignItemTiersTable;
  campaign_results: CampaignResultsTable;
  check_ups: CheckUpsTable;
  schema_migrations: SchemaMigrationsTable;
  import_jobs: ImportJobsTable;
  import_job_errors: ImportJobErrorsTable;
}

export type Db = Kysely<Database>;
/** A database handle or an open transaction: query functions take either. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
