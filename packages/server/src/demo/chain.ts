import type { Gender, Role } from '../db/database.js';
import { CHAIN_TIME_ZONE } from '../lib/today.js';
import type { BulkWriter } from './bulk-writer.js';
import { isPublicHoliday, partsOf, weekdayOf } from './calendar.js';
import type { Rng } from './random.js';

// The demo chain being generated: its salons, staff and id counters, and the helpers every part of the generator shares.

export const TIME_ZONE = CHAIN_TIME_ZONE;
/**
 * Appointments (any status) per open salon-day at density 1 for a salon of size 1, before the
 * weekday and season factors. Measured: 5 salons x 3 years at density 1 give 1.23 M sale lines
 * (about 3.4 lines per appointment), so 20 salons x 3 years give about 5 M.
 */
export const BASE_APPOINTMENTS = 100;
/** Sunday..Saturday. */
export const WEEKDAY_FACTOR = [0.6, 0.65, 0.8, 0.85, 0.95, 1.15, 1.45];
/** January..December. */
export const SEASON_FACTOR = [0.85, 0.85, 0.95, 1.0, 1.05, 1.1, 1.0, 0.6, 1.0, 1.0, 1.05, 1.35];
export const PERMISSION_ID: Record<Role, number> = { SUPERADMIN: 1, ADMIN: 2, RECEPTIONIST: 3, SALESMARKETING: 4, IMAGE: 5, ASSISTANCE: 6 };

export interface Salon {
  index: number;
  id: number;
  name: string;
  city: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  /** Relative size: appointments and staff scale with it. */
  size: number;
  /** Sunday..Saturday: [open, close] in minutes, or null when closed. */
  hours: ([number, number] | null)[];
  closesInAugust: boolean;
  adminId: number;
}

export interface DayOff {
  start: number;
  end: number;
  type: 'HOLIDAY' | 'SICK' | 'PERMIT';
  /** FULL_DAY, a half day, or hours (PERMIT); the person has no shift on any day off either way. */
  part: 'FULL_DAY' | 'MORNING' | 'AFTERNOON' | 'HOURS';
  hours: [string, string] | null;
}

export interface Staff {
  id: number;
  salon: Salon | null;
  role: Role | null;
  username: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  title: string;
  /** Has shifts and attendance. */
  works: boolean;
  /** Serves clients (IMAGE or ASSISTANCE): appears on sale lines. */
  serves: boolean;
  startDay: number;
  endDay: number | null;
  /** Part-timers work these weekdays only; null = every open day except restDay. */
  partTimeDays: number[] | null;
  restDay: number | null;
  /** Early or late shift in even weeks. */
  pattern: number;
  /** How often clients ask for them. */
  weight: number;
  daysOff: DayOff[];
  offDays: Set<number>;
}

export interface Shift {
  staff: Staff;
  start: number;
  end: number;
}

export interface Ids {
  [table: string]: number;
}

export interface Chain {
  rng: Rng;
  seed: number;
  today: number;
  start: number;
  end: number;
  density: number;
  salons: Salon[];
  staff: Staff[];
  superadminId: number;
  writer: BulkWriter;
  ids: Ids;
  transfers: Map<number, { day: number; productId: number; quantity: number; note: string }[]>;
  /** Paid cents per salon, month and item (`soldKey`): what a campaign's target is set against (writeCampaigns). */
  sold: Map<string, number>;
  /** The last day with an appointment: `end`, or later for a visit pre-booked beyond it (prebookNextVisits). */
  lastDay: number;
}

/** Whether the salon is closed on the day: its weekday's hours, public holidays, the August closure. */
export function closedOn(salon: Salon, day: number): boolean {
  const { month, dayOfMonth } = partsOf(day);
  return (
    !salon.hours[weekdayOf(day)] || isPublicHoliday(day) || (salon.closesInAugust && month === 8 && dayOfMonth >= 10 && dayOfMonth <= 21)
  );
}

/** The key of chain.sold: a salon, a month (year x 12 + month - 1) and a service (S) or product (P). */
export const soldKey = (salonId: number, monthIndex: number, kind: 'S' | 'P', itemId: number) =>
  `${salonId} ${monthIndex} ${kind}${itemId}`;

export function addSold(chain: Chain, salonId: number, monthIndex: number, kind: 'S' | 'P', itemId: number, paidCents: number): void {
  const key = soldKey(salonId, monthIndex, kind, itemId);
  chain.sold.set(key, (chain.sold.get(key) ?? 0) + paidCents);
}

export function nextId(ids: Ids, table: string): number {
  ids[table] = (ids[table] ?? 0) + 1;
  return ids[table];
}

export const cents = (euros: number) => Math.round(euros * 100);

export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

export function phoneNumber(rng: Rng): string {
  return `+39 3${rng.int(20, 49)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`;
}
