import { bookedHourlySql, mergedBookingsSql } from '../../lib/staff-hours.js';
import { defineRollup, type StaleRule } from './model.js';
import { clientsWithNewGender } from './rules.js';

/** An appointment that books service time (DONE or BOOKED) written, changed or removed moves its day (old and new). */
const bookedAppointmentDays: StaleRule = {
  source: 'appointments',
  why: 'a DONE or BOOKED appointment written, changed (staff, times, status) or removed moves its day (the old and the new one)',
  keys: ({ changed }) => `SELECT salon_id, day FROM ${changed} WHERE status IN ('DONE', 'BOOKED')`,
};

/** Booked service seconds per salon, appointment day and person: utilisation everywhere (lib/staff-hours.ts). */
export const staffBookedDaily = defineRollup({
  table: 'staff_booked_daily',
  description:
    "Per salon, appointment day and person (0: appointments with no staff, each on its own): the seconds of the union of their DONE and BOOKED appointments' intervals.",
  columns: { salon_id: 'integer', day: 'date', staff_id: 'integer', booked_seconds: 'bigint' },
  key: ['salon_id', 'day', 'staff_id'],
  grain: { column: 'day', kind: 'day' },
  from: ['appointments'],
  staleWhen: [bookedAppointmentDays],
  rows: (keys) => `
    SELECT b.salon_id, b.day, b.staff_id, b.seconds AS booked_seconds FROM (${mergedBookingsSql(keys.match('a.salon_id', 'a.day'))}) b`,
  readBy: ['StaffAnalysis/*', 'FullCapacity/*', 'Performance', 'ReportDataAnalysis/check-up', 'staff_day_details', 'performance_daily'],
});

/** Booked service seconds per salon, appointment day and salon-local hour: the capacity grid (weekday x hour). */
export const bookedHourly = defineRollup({
  table: 'booked_hourly',
  description:
    "Per salon, appointment day and salon-local hour (its start): the seconds of staff_booked_daily's merged stretches that fall in that hour.",
  columns: { salon_id: 'integer', day: 'date', hour: 'timestamp', seconds: 'bigint' },
  key: ['salon_id', 'day', 'hour'],
  grain: { column: 'day', kind: 'day' },
  from: ['appointments', 'salons'],
  staleWhen: [
    bookedAppointmentDays,
    {
      source: 'salons',
      on: ['UPDATE'],
      why: "the salon's time zone decides the local hours: a change moves every day it has DONE or BOOKED appointments",
      keys: ({ oldRows, newRows }) => `
        SELECT a.salon_id, a.day FROM ${oldRows} o JOIN ${newRows} n ON n.id = o.id AND n.time_zone IS DISTINCT FROM o.time_zone
        JOIN appointments a ON a.salon_id = n.id AND a.status IN ('DONE', 'BOOKED')`,
    },
  ],
  rows: (keys) => `SELECT b.salon_id, b.day, b.hour, b.seconds FROM (${bookedHourlySql(keys.match('a.salon_id', 'a.day'))}) b`,
  readBy: ['FullCapacity/utilisation grid'],
});

/** Feedback scores per month, person and client gender: the staff analysis' feedback average over whole months. */
export const staffFeedbackMonths = defineRollup({
  table: 'staff_feedback_months',
  description:
    "Per salon, month, person and the client's gender (UNKNOWN: none, or no client): the sum and the number of the feedback scores naming the person.",
  columns: { salon_id: 'integer', month: 'date', staff_id: 'integer', gender: 'text', score_sum: 'bigint', answers: 'bigint' },
  key: ['salon_id', 'month', 'staff_id', 'gender'],
  grain: { column: 'month', kind: 'month' },
  from: ['feedback', 'clients'],
  staleWhen: [
    {
      source: 'feedback',
      why: 'feedback naming a person written, changed or removed moves its month (the old and the new one)',
      keys: ({ changed }) => `SELECT salon_id, day FROM ${changed} WHERE staff_id IS NOT NULL`,
    },
    {
      source: 'clients',
      on: ['UPDATE'],
      why: "a client's gender decides the gender of their feedback: a change moves every month they gave feedback in",
      keys: (rows) => `SELECT f.salon_id, f.day FROM (${clientsWithNewGender(rows)}) c
        JOIN feedback f ON f.salon_id = c.salon_id AND f.client_id = c.id AND f.staff_id IS NOT NULL`,
    },
  ],
  rows: (keys) => `
    SELECT f.salon_id, date_trunc('month', f.day)::date AS month, f.staff_id, COALESCE(c.gender, 'UNKNOWN') AS gender,
      sum(f.score) AS score_sum, count(*) AS answers
    FROM feedback f
    LEFT JOIN clients c ON c.salon_id = f.salon_id AND c.id = f.client_id
    WHERE f.staff_id IS NOT NULL AND ${keys.monthOfDay('f.salon_id', 'f.day')}
    GROUP BY f.salon_id, date_trunc('month', f.day)::date, f.staff_id, COALESCE(c.gender, 'UNKNOWN')`,
  readBy: ['StaffAnalysis/*'],
});

export const staffRollups = [staffBookedDaily, bookedHourly, staffFeedbackMonths];
