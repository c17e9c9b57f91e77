import type { ValueKind } from '../../components/format/number-format';
import { type StaffAnalysisResponse, type StaffRow, totalsOf } from './merge-staff';

/** A KPI of the person's report: how it reads from a row, its format, and whether the salon's average is a sum divided by the people or a ratio of the sums. */
export interface PersonKpi {
  key: string;
  value: (row: StaffRow) => number | null;
  format: ValueKind;
  average: 'perPerson' | 'ratio';
}

export const PERSON_KPIS: readonly PersonKpi[] = [
  { key: 'totalEarned', value: (row) => row.totalEarned, format: 'money', average: 'perPerson' },
  { key: 'totalRecommended', value: (row) => row.totalRecommended, format: 'money', average: 'perPerson' },
  { key: 'perOnStaffTotal', value: (row) => row.perOnStaffTotal, format: 'percent', average: 'perPerson' },
  { key: 'hourlyEarned', value: (row) => row.hourlyEarned, format: 'money', average: 'ratio' },
  { key: 'totalNumberOfClient', value: (row) => row.totalNumberOfClient, format: 'integer', average: 'perPerson' },
  { key: 'newClientsServed', value: (row) => row.newClientsServed, format: 'integer', average: 'perPerson' },
  { key: 'visits', value: (row) => row.visits, format: 'integer', average: 'perPerson' },
  { key: 'rebookingRate', value: (row) => row.rebookingRate, format: 'percent', average: 'ratio' },
  { key: 'retailAttachRate', value: (row) => row.retailAttachRate, format: 'percent', average: 'ratio' },
  { key: 'utilisation', value: (row) => row.utilisation, format: 'percent', average: 'ratio' },
  { key: 'totalWorkingHours', value: (row) => row.totalWorkingHours, format: 'number', average: 'perPerson' },
  { key: 'averageFeedback', value: (row) => row.averageFeedback, format: 'number', average: 'ratio' },
];

/**
 * The salon's average person for each KPI, from one staff analysis response: sums divided by the
 * number of people in it; ratios recomputed from the salon's sums (hours, visits), never an average
 * of the people's percentages.
 */
export function salonAverages(response: StaffAnalysisResponse): Record<string, number | null> {
  const rows = response.staffDataAnalysis;
  const averages: Record<string, number | null> = {};
  if (rows.length === 0) return averages;
  const totals = totalsOf(rows, response);
  for (const kpi of PERSON_KPIS) {
    const value = kpi.value(totals);
    averages[kpi.key] = value === null ? null : kpi.average === 'ratio' ? value : Math.round((value / rows.length) * 100) / 100;
  }
  return averages;
}

/** The person's row in a response (a day, a week), or null when they had nothing that day. */
export function personRowOf(rows: readonly StaffRow[], staffId: number): StaffRow | null {
  return rows.find((row) => row.staffId === staffId) ?? null;
}
