import { initialSchema } from './001-initial.js';
import { rollupsSchema } from './002-rollups.js';
import { appointmentServicesSchema } from './003-appointment-services.js';
import { clientDaysPrevDaySchema } from './004-client-days-prev-day.js';
import { rebookingRollupSchema } from './005-rebooking-rollup.js';
import { growthRollupSchema } from './006-growth-rollup.js';
import { usernameCaseInsensitiveSchema } from './007-username-case-insensitive.js';
import { staffSchema } from './008-staff.js';
import { attendanceNewsSchema } from './009-attendance-news.js';
import { clientCreatedBySchema } from './010-client-created-by.js';
import { utilisationRebookingSchema } from './011-utilisation-rebooking.js';
import { staffDailySchema } from './012-staff-daily.js';
import { bookedHourlySchema } from './013-booked-hourly.js';
import { campaignBonusesSchema } from './014-campaign-bonuses.js';
import { stockMovementsKeysetSchema } from './015-stock-movements-keyset.js';
import { importSchema } from './016-import.js';
import { clientTotalsSchema } from './017-client-totals.js';
import { rollupsKeyOrderSchema } from './018-rollups-key-order.js';
import { salesMonthRollupsSchema } from './019-sales-month-rollups.js';
import { itemStaffDailySchema } from './020-item-staff-daily.js';
import { staffClientPrevDaySchema, staffHoursDailySchema } from './021-staff-hours-daily.js';
import { customerFeedbackIndexesSchema } from './022-customer-feedback-indexes.js';
import { campaignStockReadsSchema } from './023-campaign-stock-reads.js';
import { staffClientDaysStatisticsSchema } from './024-staff-client-days-statistics.js';
import { staffItemsDailySchema } from './025-staff-items-daily.js';
import { clientQualityFlagsSchema } from './027-client-quality-flags.js';
import { itemClientMonthsSchema } from './028-item-client-months.js';
import { staffClientMonthsSchema } from './030-staff-client-months.js';
import { visitHoursSchema } from './031-visit-hours.js';
import { clientsReportAttributesSchema } from './032-clients-report-attributes.js';
import { clientDaysPrevWeekdaySchema } from './033-client-days-prev-weekday.js';
import { itemStaffMonthsSchema } from './034-item-staff-months.js';
import { customerStatusIndexesSchema } from './036-customer-status-indexes.js';
import { issue16IndexesSchema } from './037-issue16-indexes.js';
import { clientVisitMonthsSchema } from './039-client-visit-months.js';
import { clientQualityCountsSchema } from './040-client-quality-counts.js';
import { placeMonthsSchema } from './040-place-months.js';
import { clientYearsSchema } from './041-client-years.js';
import { staffAnalysisMonthsSchema } from './042-staff-analysis-months.js';
import { recapWeekdayRollupsSchema } from './043-recap-weekday-rollups.js';
import { dropSaleLinesItemIndexSchema } from './044-drop-sale-lines-item-index.js';
import { staffDayDetailsSchema } from './045-staff-day-details.js';
import { clientsNamesGenderIndexSchema } from './046-clients-names-gender-index.js';
import { clientDaysClientSpendSchema } from './047-client-days-client-spend.js';
import { clientDuplicateCandidatesSchema } from './047-client-duplicate-candidates.js';
import { staffDayBodiesSchema } from './048-staff-day-bodies.js';
import { performanceDailySchema } from './050-performance-daily.js';
import { recapDailySchema } from './051-recap-daily.js';
import { shiftHourlySchema } from './051-shift-hourly.js';
import { salonRollupLocksSchema } from './052-salon-rollup-locks.js';
import { rollupModelSchema, stockRollupsToModelSchema } from './053-rollup-model.js';
import { qualityRollupsToModelSchema } from './054-quality-rollups-to-model.js';
import { clientRollupsToModelSchema } from './055-client-rollups-to-model.js';
import { staffRollupsToModelSchema } from './056-staff-rollups-to-model.js';
import { hoursRollupsToModelSchema } from './057-hours-rollups-to-model.js';
import { salonRollupLocksGoSchema } from './058-salon-rollup-locks-go.js';
import { requestRejectReasonSchema } from './059-request-reject-reason.js';
import { requestCancellationSchema } from './060-request-cancellation.js';
import { salonHolidaysSchema } from './061-salon-holidays.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * Tables the migration rewrites (ALTER TABLE … ADD COLUMN … STORED): VACUUM (ANALYZE) after its
   * commit (VACUUM cannot run in the migration's transaction). A rewrite leaves the table without a
   * visibility map, which autovacuum does not refill on a table with no new dead or inserted rows,
   * so every index-only scan would read the heap until then.
   */
  vacuum?: string[];
}

/** Append new migrations at the end; never edit one that has shipped. */
export const migrations: Migration[] = [
  { version: 1, name: 'initial', sql: initialSchema },
  { version: 2, name: 'rollups', sql: rollupsSchema },
  { version: 3, name: 'appointment-services', sql: appointmentServicesSchema },
  { version: 4, name: 'client-days-prev-day', sql: clientDaysPrevDaySchema },
  { version: 5, name: 'rebooking-rollup', sql: rebookingRollupSchema },
  { version: 6, name: 'growth-rollup', sql: growthRollupSchema },
  { version: 7, name: 'username-case-insensitive', sql: usernameCaseInsensitiveSchema },
  { version: 8, name: 'staff', sql: staffSchema },
  { version: 9, name: 'attendance-news', sql: attendanceNewsSchema },
  { version: 10, name: 'client-created-by', sql: clientCreatedBySchema },
  { version: 11, name: 'utilisation-rebooking', sql: utilisationRebookingSchema },
  { version: 12, name: 'staff-daily', sql: staffDailySchema },
  { version: 13, name: 'booked-hourly', sql: bookedHourlySchema },
  { version: 14, name: 'campaign-bonuses', sql: campaignBonusesSchema },
  { version: 15, name: 'stock-movements-keyset', sql: stockMovementsKeysetSchema },
  { version: 16, name: 'import', sql: importSchema },
  { version: 17, name: 'client-totals', sql: clientTotalsSchema },
  { version: 18, name: 'rollups-key-order', sql: rollupsKeyOrderSchema },
  { version: 19, name: 'sales-month-rollups', sql: salesMonthRollupsSchema },
  { version: 20, name: 'item-staff-daily', sql: itemStaffDailySchema },
  { version: 21, name: 'staff-hours-daily', sql: `${staffHoursDailySchema}\n${staffClientPrevDaySchema}` },
  { version: 22, name: 'customer-feedback-indexes', sql: customerFeedbackIndexesSchema },
  { version: 23, name: 'campaign-stock-reads', sql: campaignStockReadsSchema },
  { version: 24, name: 'staff-client-days-statistics', sql: staffClientDaysStatisticsSchema },
  { version: 25, name: 'staff-items-daily', sql: staffItemsDailySchema },
  { version: 27, name: 'client-quality-flags', sql: clientQualityFlagsSchema, vacuum: ['clients'] },
  { version: 28, name: 'item-client-months', sql: itemClientMonthsSchema },
  {
    version: 30,
    name: 'staff-client-months',
    sql: staffClientMonthsSchema,
    vacuum: ['staff_client_days', 'staff_client_months', 'staff_monthly'],
  },
  { version: 31, name: 'visit-hours', sql: visitHoursSchema },
  { version: 32, name: 'clients-report-attributes', sql: clientsReportAttributesSchema },
  { version: 33, name: 'client-days-prev-weekday', sql: clientDaysPrevWeekdaySchema, vacuum: ['client_days'] },
  { version: 34, name: 'item-staff-months', sql: itemStaffMonthsSchema },
  { version: 36, name: 'customer-status-indexes', sql: customerStatusIndexesSchema, vacuum: ['client_totals', 'client_days'] },
  { version: 37, name: 'issue16-indexes', sql: issue16IndexesSchema, vacuum: ['clients', 'item_staff_daily'] },
  {
    version: 39,
    name: 'client-visit-months',
    sql: clientVisitMonthsSchema,
    vacuum: ['client_visit_months', 'client_cohort_months'],
  },
  { version: 40, name: 'client-quality-counts-place-months', sql: `${clientQualityCountsSchema}\n${placeMonthsSchema}` },
  { version: 41, name: 'client-years', sql: clientYearsSchema, vacuum: ['client_years'] },
  {
    version: 42,
    name: 'staff-analysis-months',
    sql: staffAnalysisMonthsSchema,
    vacuum: ['staff_new_client_months', 'staff_feedback_months'],
  },
  { version: 43, name: 'recap-weekday-rollups', sql: recapWeekdayRollupsSchema, vacuum: ['recap_client_daily', 'client_weekday_months'] },
  { version: 44, name: 'drop-sale-lines-item-index', sql: dropSaleLinesItemIndexSchema },
  { version: 45, name: 'staff-day-details', sql: staffDayDetailsSchema, vacuum: ['staff_day_details'] },
  { version: 46, name: 'clients-names-gender-index', sql: clientsNamesGenderIndexSchema, vacuum: ['clients'] },
  {
    version: 47,
    name: 'client-duplicate-candidates-client-days-spend',
    sql: `${clientDuplicateCandidatesSchema}\n${clientDaysClientSpendSchema}`,
    vacuum: ['client_duplicate_candidates'],
  },
  { version: 48, name: 'staff-day-bodies', sql: staffDayBodiesSchema },
  { version: 50, name: 'performance-daily', sql: performanceDailySchema, vacuum: ['performance_daily'] },
  {
    version: 51,
    name: 'shift-hourly-recap-daily',
    sql: `${shiftHourlySchema}\n${recapDailySchema}`,
    vacuum: ['shift_hourly', 'recap_daily'],
  },
  { version: 52, name: 'salon-rollup-locks', sql: salonRollupLocksSchema },
  { version: 53, name: 'rollup-model', sql: `${rollupModelSchema}\n${stockRollupsToModelSchema}` },
  { version: 54, name: 'quality-rollups-to-model', sql: qualityRollupsToModelSchema },
  { version: 55, name: 'client-rollups-to-model', sql: clientRollupsToModelSchema },
  { version: 56, name: 'staff-rollups-to-model', sql: staffRollupsToModelSchema },
  { version: 57, name: 'hours-rollups-to-model', sql: hoursRollupsToModelSchema },
  { version: 58, name: 'salon-rollup-locks-go', sql: salonRollupLocksGoSchema },
  { version: 59, name: 'request-reject-reason', sql: requestRejectReasonSchema },
  { version: 60, name: 'request-cancellation', sql: requestCancellationSchema },
  { version: 61, name: 'salon-holidays', sql: salonHolidaysSchema },
];
