import { getNpsByAllClients, getNpsClientScoreDetails, getNpsDetractors, getNpsExcelLink, type ResponseOf } from '@salon/contracts';
import { downloadViaLink } from '../../../lib/api-client';
import { useReportQuery } from '../../../lib/use-report-query';

export type NpsYear = ResponseOf<typeof getNpsByAllClients>;
export type NpsMonth = NpsYear['months'][number];
export type NpsDaySummary = NpsYear['days'][number];
export type NpsFigures = NpsYear['totals'];
export type NpsDay = ResponseOf<typeof getNpsClientScoreDetails>;
export type NpsAnswer = NpsDay['answers'][number];
export type NpsDetractors = ResponseOf<typeof getNpsDetractors>;
export type NpsDetractor = NpsDetractors['rows'][number];

/** NPS per month of a year, the days with answers and the year's totals (0 = the year is not known yet: nothing asked). */
export function useNpsYear(salonId: number | null, year: number) {
  return useReportQuery(getNpsByAllClients, { params: { salonId, year } }, { isEnabled: year > 0 });
}

/** The answers of one day with the client and the comment; nothing asked while no day is chosen. */
export function useNpsDay(salonId: number | null, date: string | null) {
  return useReportQuery(getNpsClientScoreDetails, { params: { salonId, date: date ?? '' } }, { isEnabled: date !== null });
}

/** The year's detractors with their status today (the follow-up list). */
export function useNpsDetractors(salonId: number | null, year: number) {
  return useReportQuery(getNpsDetractors, { params: { salonId, year } }, { isEnabled: year > 0 });
}

/** Nps.xlsx of a year, in the UI's language, through the link the API returns. */
export function downloadNpsXlsx(salonId: number, year: number, language: string) {
  return downloadViaLink(getNpsExcelLink, { params: { salonId, year }, query: { language: language === 'it' ? 'it' : 'en' } });
}
