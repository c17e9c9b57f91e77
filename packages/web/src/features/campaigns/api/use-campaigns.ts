import {
  type BodyOf,
  closeCampaign,
  createCampaign,
  exportCampaignsPdf,
  getCampaign,
  getCampaignItems,
  getCampaignStaff,
  getCampaignStats,
  getCampaignsByMonth,
  getMyCampaigns,
  type ResponseOf,
} from '@salon/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadFile } from '../../../lib/api-client';
import { reportQueryKey, useReportQuery } from '../../../lib/use-report-query';

export type CampaignList = ResponseOf<typeof getCampaignsByMonth>;
export type CampaignSummary = CampaignList['campaigns'][number];
export type CampaignSalon = CampaignSummary['salons'][number];
export type CampaignStatus = CampaignSummary['status'];
export type CampaignDetail = ResponseOf<typeof getCampaign>;
export type CampaignStats = ResponseOf<typeof getCampaignStats>;
export type CampaignStaffRow = CampaignStats['staff'][number];
export type CampaignTeamLeaderRow = CampaignStats['teamLeaders'][number];
export type CampaignItemRow = CampaignStats['items'][number];
export type MyCampaigns = ResponseOf<typeof getMyCampaigns>;
export type MyCampaign = MyCampaigns['campaigns'][number];
export type MyCampaignItem = MyCampaign['items'][number];
export type CampaignStaffOptions = ResponseOf<typeof getCampaignStaff>;
export type CampaignItemOptions = ResponseOf<typeof getCampaignItems>;
export type CampaignItemOption = CampaignItemOptions['services'][number];
export type CampaignCreateBody = BodyOf<typeof createCampaign>;

/**
 * The campaigns overlapping a month (GetAll/{month}/{year}): an ADMIN's salon's; a superadmin's
 * whole chain, or one salon's with `salonId` (null = the chain).
 */
export function useCampaignsByMonth(month: number, year: number, salonId: number | null, isEnabled: boolean) {
  return useReportQuery(
    getCampaignsByMonth,
    { params: { month, year }, query: salonId === null ? {} : { salonId } },
    { isEnabled: isEnabled && month > 0 && year > 0 },
  );
}

/** One campaign's definition (GET {id}): what a duplicate copies. */
export function useCampaign(id: number | null) {
  return useReportQuery(getCampaign, { params: { id: id ?? 0 } }, { isEnabled: id !== null });
}

/** One salon's stats of a campaign (GetStatsCampaign): salon totals, staff, team leaders, items. */
export function useCampaignStats(salonId: number | null, campaignId: number | null) {
  return useReportQuery(getCampaignStats, { params: { salonId, campaignId: campaignId ?? 0 } }, { isEnabled: campaignId !== null });
}

/** The caller's own campaigns, progress and bonus (every role). */
export function useMyCampaigns(year: number) {
  return useReportQuery(getMyCampaigns, { query: { year } }, { isEnabled: year > 0 });
}

/** A salon's staff to choose from for a campaign (GetStaff/{id}). */
export function useCampaignStaff(salonId: number | null) {
  return useReportQuery(getCampaignStaff, { params: { id: salonId ?? 0 } }, { isEnabled: salonId !== null });
}

/** The services and products to choose from for a campaign. */
export function useCampaignItems(salonId: number | null) {
  return useReportQuery(getCampaignItems, { params: { salonId } });
}

/** Everything cached about campaigns (lists, stats, mine) starts with one of these paths: refreshed after a write. */
const CAMPAIGN_READS = [getCampaignsByMonth, getCampaign, getCampaignStats, getMyCampaigns];

function useRefreshCampaigns() {
  const client = useQueryClient();
  return () =>
    Promise.all(CAMPAIGN_READS.map((endpoint) => client.invalidateQueries({ queryKey: [reportQueryKey(endpoint)[0]] }))).then(
      () => undefined,
    );
}

/** Creates a campaign or duplicates one (POST {session}); a refusal carries the server's message, shown as is. */
export function useCreateCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (body: CampaignCreateBody) => callApi(createCampaign, { body }),
    onSuccess: refresh,
  });
}

/** Closes a salon's part of an ended campaign: its figures are frozen from then on. */
export function useCloseCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: ({ salonId, campaignId }: { salonId: number; campaignId: number }) =>
      callApi(closeCampaign, { params: { salonId, campaignId } }),
    onSuccess: refresh,
  });
}

/** incentive.pdf (GetAll/{session}): every campaign of the chain, or those overlapping a month of a year. */
export function downloadIncentivePdf(period: { month?: number; year?: number }) {
  return downloadFile(exportCampaignsPdf, { query: period }, 'incentive.pdf');
}
