import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { DateString, ErrorResponse, Money, SalonId, SessionCode } from '../common/schemas.js';

/**
 * Full capacity: its settings and its report.
 *
 * Settings per salon: numberOfPeople (0 = not set: no cap) and averageHourly (euros per staff
 * hour). A salon with none stored answers numberOfPeople 0, averageHourly 0, isDefault true.
 *
 * A capacity block, for one range of days (salon's local calendar, from..to inclusive):
 * - shiftHours: hours of the planned shifts (user_timeframes) starting on those days;
 * - capacityHours: shiftHours, but on each day only the numberOfPeople people with the most
 *   shift hours that day count when numberOfPeople > 0 (the head count cap);
 * - bookedServiceHours: hours of the appointments on those days that are DONE or still BOOKED
 *   (cancelled and no-shows excluded), end - start, a person's overlapping appointments counted
 *   once (a colour processing while the stylist serves another client is one booked stretch;
 *   otherwise utilisation runs over 100 % on the demo chain); appointments with no staff each;
 * - utilisation: bookedServiceHours / shiftHours in per cent (null without shifts);
 * - capacityRevenue: capacityHours x averageHourly;
 * - actualRevenue: the paid amount of every sale line of those days, walk-ins included (the
 *   sales report's total revenue for the same days);
 * - ratio: actualRevenue / the capacity revenue of the days up to today, in per cent (null when that is 0,
 *   so for a range after today).
 */
export const FULL_CAPACITY_LIMITS = { numberOfPeopleMax: 500, averageHourlyMax: 10_000 } as const;

const NumberOfPeople = Type.Integer({
  minimum: 0,
  maximum: FULL_CAPACITY_LIMITS.numberOfPeopleMax,
  description: 'How many people can work at once (0 = not set: the head count is not capped)',
});
const AverageHourly = Type.Number({
  minimum: 0,
  maximum: FULL_CAPACITY_LIMITS.averageHourlyMax,
  description: 'Expected revenue per staff hour, in euros',
});

export const FullCapacitySetting = Type.Object({
  salonId: Type.Integer({ description: 'The salon these settings belong to' }),
  numberOfPeople: NumberOfPeople,
  averageHourly: AverageHourly,
  isDefault: Type.Boolean({ description: 'True when nothing is stored (numberOfPeople 0, averageHourly 0)' }),
});

export const FullCapacityBody = Type.Object({
  salonId: SalonId,
  numberOfPeople: NumberOfPeople,
  averageHourly: AverageHourly,
});

export const CapacityBlock = Type.Object({
  fromDate: Type.String({ format: 'date', description: 'First day of the span (YYYY-MM-DD)' }),
  toDate: Type.String({ format: 'date', description: 'Last day of the span (YYYY-MM-DD)' }),
  headCount: Type.Integer({ description: 'Distinct people with a shift in the span' }),
  shiftHours: Type.Number({ description: 'Planned shift hours in the span (2 decimals)' }),
  capacityHours: Type.Number({
    description: 'Shift hours counting each day only the numberOfPeople people with the most hours (all when numberOfPeople is 0)',
  }),
  bookedServiceHours: Type.Number({
    description: "Hours of DONE and BOOKED appointments in the span, a person's overlapping appointments counted once (2 decimals)",
  }),
  utilisation: Type.Union([Type.Number(), Type.Null()], {
    description: 'bookedServiceHours / shiftHours in per cent, 2 decimals; null without shifts',
  }),
  capacityRevenue: Money,
  actualRevenue: Money,
  ratio: Type.Union([Type.Number(), Type.Null()], {
    description:
      "actualRevenue / the capacity revenue of the range's days up to the salon's today, in per cent, 2 decimals; null when that is 0 (a range after today: not known yet)",
  }),
});

export const CapacityResult = Type.Object({
  lastWeek: Type.Union([CapacityBlock, Type.Null()], { description: 'Monday..Sunday of the week before the salon’s current week' }),
  actualWeek: Type.Union([CapacityBlock, Type.Null()], { description: 'Monday..Sunday of the salon’s current week' }),
  customCapacity: Type.Union([CapacityBlock, Type.Null()], {
    description: 'The chosen fromDate..toDate (custom variant only; null on the LW and AW paths)',
  }),
});

const tags = ['Full capacity'];
const capacityParams = {
  averageHourly: AverageHourly,
  numberOfPeople: NumberOfPeople,
  salonId: SalonId,
  SESSIONCODE: SessionCode,
};

export const getFullCapacity = defineEndpoint({
  method: 'GET',
  path: '/api/FullCapacity/{SESSIONCODE}',
  summary: "The salon's full capacity settings, or numberOfPeople 0 / averageHourly 0 when none are stored. ADMIN or SUPERADMIN.",
  tags,
  params: Type.Object({ SESSIONCODE: SessionCode }),
  querystring: Type.Object({ SalonId }),
  response: FullCapacitySetting,
  errors: { 404: ErrorResponse },
});

export const saveFullCapacity = defineEndpoint({
  method: 'POST',
  path: '/api/FullCapacity/{SESSIONCODE}',
  summary: "Save (insert or update) the salon's full capacity settings; answers the stored settings. ADMIN (own salon) or SUPERADMIN.",
  tags,
  params: Type.Object({ SESSIONCODE: SessionCode }),
  body: FullCapacityBody,
  response: FullCapacitySetting,
  errors: { 404: ErrorResponse },
});

const weeksSummary =
  'Capacity of last week and of the current week (Monday..Sunday in the salon’s time zone), both answered; customCapacity is null. ADMIN or SUPERADMIN.';

export const getCapacityLastWeek = defineEndpoint({
  method: 'GET',
  path: '/api/UserTimeframes/GetLastWeekAndActualWeek/LW/{averageHourly}/{numberOfPeople}/{salonId}/{SESSIONCODE}',
  summary: `${weeksSummary} (LW: the screen shows last week first.)`,
  tags,
  params: Type.Object(capacityParams),
  response: CapacityResult,
  errors: { 404: ErrorResponse },
});

export const getCapacityActualWeek = defineEndpoint({
  method: 'GET',
  path: '/api/UserTimeframes/GetLastWeekAndActualWeek/AW/{averageHourly}/{numberOfPeople}/{salonId}/{SESSIONCODE}',
  summary: `${weeksSummary} (AW: the screen shows the current week first.)`,
  tags,
  params: Type.Object(capacityParams),
  response: CapacityResult,
  errors: { 404: ErrorResponse },
});

export const getCapacityCustom = defineEndpoint({
  method: 'GET',
  path: '/api/UserTimeframes/GetLastWeekAndActualWeek/{fromDate}/{toDate}/{averageHourly}/{numberOfPeople}/{salonId}/{SESSIONCODE}',
  summary:
    'Capacity of fromDate..toDate (customCapacity) beside last week and the current week. 400 naming the date when it is not a calendar date or fromDate is after toDate. ADMIN or SUPERADMIN.',
  tags,
  params: Type.Object({ fromDate: DateString, toDate: DateString, ...capacityParams }),
  response: CapacityResult,
  errors: { 404: ErrorResponse },
});

/**
 * For the capacity screen's weekday x hour grid: the salon's
 * shift and booked hours per ISO weekday and local hour over fromDate..toDate, so the screen can
 * name the hours that run over UTILISATION_THRESHOLDS.over or under UTILISATION_THRESHOLDS.under.
 */
export const UTILISATION_THRESHOLDS = { over: 90, under: 40 } as const;

export const UtilisationCell = Type.Object({
  weekday: Type.Integer({ minimum: 1, maximum: 7, description: 'ISO weekday, 1 Monday .. 7 Sunday' }),
  hour: Type.Integer({ minimum: 0, maximum: 23, description: 'Local hour of the day: the cell covers hour:00..hour+1:00' }),
  shiftHours: Type.Number({ description: 'Planned shift hours falling in this hour on these weekdays of the span (2 decimals)' }),
  bookedServiceHours: Type.Number({ description: 'Hours of DONE and BOOKED appointments falling in this hour (2 decimals)' }),
  utilisation: Type.Union([Type.Number(), Type.Null()], {
    description: 'bookedServiceHours / shiftHours in per cent, 2 decimals; null without shifts',
  }),
  level: Type.Union([Type.Literal('OVER'), Type.Literal('UNDER'), Type.Null()], {
    description:
      'OVER when utilisation is above 90 % or appointments fall where no shift is planned; UNDER when utilisation is below 40 %; null otherwise',
  }),
});

export const UtilisationGrid = Type.Object({
  fromDate: Type.String({ format: 'date' }),
  toDate: Type.String({ format: 'date' }),
  cells: Type.Array(UtilisationCell, {
    description: 'Only the hours with a shift or an appointment, by weekday then hour; a shift belongs to the local hours it covers',
  }),
});

export const getUtilisationGrid = defineEndpoint({
  method: 'GET',
  path: '/api/FullCapacity/UtilisationGrid/{fromDate}/{toDate}/{salonId}/{SESSIONCODE}',
  summary:
    'Utilisation per weekday and local hour over fromDate..toDate (shift hours, booked service hours, per cent, OVER/UNDER level at 90 % / 40 %). ADMIN or SUPERADMIN.',
  tags,
  params: Type.Object({ fromDate: DateString, toDate: DateString, salonId: SalonId, SESSIONCODE: SessionCode }),
  response: UtilisationGrid,
  errors: { 404: ErrorResponse },
});
