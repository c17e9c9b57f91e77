import { getCustomersBySalon, getCustomersBySalonXls, type ResponseOf } from '@salon/contracts';
import { downloadFile } from '../../../lib/api-client';
import { useReportQuery } from '../../../lib/use-report-query';

export type DataQuality = ResponseOf<typeof getCustomersBySalon>;
export type ClientQuality = DataQuality['rows'][number];
export type CreatorQuality = DataQuality['byCreator'][number];
export type DuplicateGroup = DataQuality['duplicateGroups'][number];
export type DataQualityIssue = ClientQuality['issues'][number];
export type IssueCounts = DataQuality['issues'];

/** The fixed file name of the data-quality spreadsheet. */
export const DATA_QUALITY_FILE_NAME = 'CustomersBySalon.xlsx';

/** One page of a salon's data quality (the summary figures come with every page): the records to fix first, lowest score first. */
export function useDataQuality(salonId: number | null, limit: number, offset: number) {
  return useReportQuery(getCustomersBySalon, { params: { salonId }, query: { limit, offset } });
}

/** Downloads CustomersBySalon.xlsx in the UI's language. */
export function downloadDataQualityXlsx(salonId: number, language: string) {
  return downloadFile(
    getCustomersBySalonXls,
    { params: { salonId }, query: { language: language === 'it' ? 'it' : 'en' } },
    DATA_QUALITY_FILE_NAME,
  );
}
