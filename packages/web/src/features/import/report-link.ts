import type { ImportKindName } from '@salon/contracts';

/** The report that first shows what a kind of file brings in (kinds that touch no report have none). */
const REPORT_OF: Partial<Record<ImportKindName, { report: ReportName; path: string }>> = {
  'sale-lines': { report: 'salesDays', path: '/sales-data-analysis-days' },
  appointments: { report: 'salesDays', path: '/sales-data-analysis-days' },
  staff: { report: 'staffAnalysis', path: '/staff-data-analysis' },
  clients: { report: 'customers', path: '/customer-analysis-overview' },
  feedback: { report: 'feedback', path: '/feedback-staff-data' },
  nps: { report: 'nps', path: '/NPS' },
};

export type ReportName = 'salesDays' | 'staffAnalysis' | 'customers' | 'feedback' | 'nps';

interface FinishedImport {
  kind: ImportKindName;
  salonId: number | null;
  daysFrom: string | null;
  daysTo: string | null;
}

/**
 * Where to see an import's data: the kind's report over the days the file touched (report filters
 * ?salonId&fromDate&toDate, see useReportFilters); null for kinds without a report or a file that
 * touched no day.
 */
export function reportLinkOf(job: FinishedImport): { report: ReportName; to: string } | null {
  const target = REPORT_OF[job.kind];
  if (!target || job.salonId === null || !job.daysFrom || !job.daysTo) return null;
  const search = new URLSearchParams({ salonId: String(job.salonId), fromDate: job.daysFrom, toDate: job.daysTo });
  return { report: target.report, to: `${target.path}?${search}` };
}
