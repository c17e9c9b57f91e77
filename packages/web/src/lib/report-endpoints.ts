import {
  addCheckUp,
  addCheckUpGender,
  type Endpoint,
  getCheckUp,
  getCheckUpGender,
  getDayOfTheWeek,
  getDayOfTheWeekGender,
  getReportDataAnalysis,
  getReportDataAnalysisGender,
  getSalonRecap,
  getSalonRecapGender,
  salesPerDay,
  salesPerDayGender,
  salesPerMonth,
  salesPerMonthGender,
  salesPerYear,
  salesPerYearGender,
} from '@salon/contracts';
import type { GenderPair } from './use-report-query';

// The API's plain/gender twins as pairs, in this one place: when @salon/contracts exports the pairs
// itself, each line here becomes a re-export.
function pairOf<A extends Endpoint, G extends Endpoint>(all: A, byGender: G): GenderPair<A, G> {
  return { all, byGender };
}

export const salesPerDayReport = pairOf(salesPerDay, salesPerDayGender);
export const salesPerMonthReport = pairOf(salesPerMonth, salesPerMonthGender);
export const salesPerYearReport = pairOf(salesPerYear, salesPerYearGender);
export const dayOfTheWeekReport = pairOf(getDayOfTheWeek, getDayOfTheWeekGender);
export const reportDataAnalysisReport = pairOf(getReportDataAnalysis, getReportDataAnalysisGender);
export const salonRecapReport = pairOf(getSalonRecap, getSalonRecapGender);
export const checkUpReport = pairOf(getCheckUp, getCheckUpGender);
export const saveCheckUpReport = pairOf(addCheckUp, addCheckUpGender);
