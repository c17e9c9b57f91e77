import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { DataTable } from '../../components/data-table/data-table';
import { exportToCsv } from '../../components/export/export-to-csv';
import { exportToXlsx } from '../../components/export/export-to-xlsx';
import { formatDay } from '../../components/format/dates';
import { ExportButton } from '../../components/report-frame/export-button';
import { KpiGrid } from '../../components/report-frame/report-parts';
import { reportStatusOf } from '../../components/report-frame/report-status';
import { errorMessageOf, MESSAGES } from '../../lib/api-client';
import { useCurrentSalon } from '../../lib/current-salon';
import { translateMessage } from '../../lib/i18n';
import { type SalonOverview, type SalonOverviewRow, useSalonOverview } from './api/use-salon-overview';

const salonRowId = (salon: SalonOverviewRow) => String(salon.id);

/** Where "Open reports" leads: the first report every role sees. */
const REPORT_LANDING = '/sales-data-analysis';

/** Chain totals: the average ticket is total revenue over total appointments, not a mean of the salons' averages. */
export function chainTotals(salons: readonly SalonOverviewRow[]) {
  const revenue = salons.reduce((sum, salon) => sum + salon.revenue, 0);
  const appointments = salons.reduce((sum, salon) => sum + salon.appointments, 0);
  return {
    revenue: Math.round(revenue * 100) / 100,
    appointments,
    averageTicket: appointments ? Math.round((revenue / appointments) * 100) / 100 : 0,
  };
}

/** /salon-listing (superadmin): every salon with this month's figures; choosing one makes it the salon the reports show. */
export default function SalonListingScreen() {
  const { t, i18n } = useTranslation('salon-overview');
  const overview = useSalonOverview();
  const status = reportStatusOf(overview, (data: SalonOverview) => data.salons.length === 0);

  return (
    <Box component="section" aria-labelledby="salon-listing-title" sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
      <Typography id="salon-listing-title" variant="h5" component="h1">
        {t('title')}
      </Typography>
      {overview.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="salon-listing-period">
          {t('period', { from: formatDay(overview.data.fromDate, i18n.language), to: formatDay(overview.data.toDate, i18n.language) })}
        </Typography>
      ) : (
        <Box sx={{ mb: 2 }} />
      )}
      {status === 'loading' ? (
        <Box aria-busy="true" data-testid="report-loading">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
            <CircularProgress size={20} aria-label={t('loading')} />
            <Typography variant="body2" color="text.secondary">
              {t('loading')}
            </Typography>
          </Box>
          <Skeleton variant="rounded" height={96} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : status === 'error' ? (
        <Alert
          severity="error"
          data-testid="report-error"
          action={
            <Button color="inherit" size="small" onClick={() => void overview.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateMessage(errorMessageOf(overview.error))}
        </Alert>
      ) : status === 'empty' || !overview.data ? (
        <Alert severity="info" data-testid="report-empty">
          {translateMessage(MESSAGES.emptyData)}
        </Alert>
      ) : (
        <SalonListing overview={overview.data} />
      )}
    </Box>
  );
}

function SalonListing({ overview }: { overview: SalonOverview }) {
  const { t, i18n } = useTranslation('salon-overview');
  const navigate = useNavigate();
  const { salonId: currentSalonId, setSalonId } = useCurrentSalon();
  const [shownRows, setShownRows] = useState<SalonOverviewRow[]>(overview.salons);
  const totals = useMemo(() => chainTotals(overview.salons), [overview.salons]);
  // The chain, not one salon: the heading and the file name say the period (as the reports' do).
  const { t: tc } = useTranslation('components');
  const periodLabel = `${formatDay(overview.fromDate, i18n.language)} – ${formatDay(overview.toDate, i18n.language)}`;
  const heading = { title: t('title'), lines: [[tc('export.period'), periodLabel]] as const };
  const fileName = `salon-listing_${overview.fromDate}_${overview.toDate}`;

  const openReports = useCallback(
    (salon: SalonOverviewRow) => {
      setSalonId(salon.id);
      navigate(`${REPORT_LANDING}?salonId=${salon.id}`);
    },
    [setSalonId, navigate],
  );

  const columns = useMemo<DataTableColumn<SalonOverviewRow>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        value: (salon) => salon.name,
        cell: (salon) => (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <span>{salon.name}</span>
            {salon.id === currentSalonId ? <Chip size="small" color="primary" variant="outlined" label={t('current')} /> : null}
          </Stack>
        ),
      },
      { id: 'city', header: t('columns.city'), value: (salon) => salon.city },
      { id: 'revenue', header: t('columns.revenue'), value: (salon) => salon.revenue, kind: 'money' },
      { id: 'appointments', header: t('columns.appointments'), value: (salon) => salon.appointments, kind: 'integer' },
      { id: 'averageTicket', header: t('columns.averageTicket'), value: (salon) => salon.averageTicket, kind: 'money' },
      {
        id: 'open',
        header: t('columns.actions'),
        value: () => null,
        isSortable: false,
        isFilterable: false,
        isExportable: false,
        cell: (salon) => (
          <Button size="small" variant="contained" onClick={() => openReports(salon)} aria-label={t('openFor', { name: salon.name })}>
            {t('open')}
          </Button>
        ),
      },
    ],
    [t, currentSalonId, openReports],
  );

  return (
    <>
      <KpiGrid
        size={{ xs: 12, sm: 4 }}
        items={(
          [
            ['revenue', 'money'],
            ['appointments', 'integer'],
            ['averageTicket', 'money'],
          ] as const
        ).map(([key, format]) => ({ id: key, label: t(`kpi.${key}`), value: totals[key], format, definition: t(`definitions.${key}`) }))}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, mb: 1 }}>
        <ExportButton
          kind="xlsx"
          run={() => exportToXlsx(`${fileName}.xlsx`, t('sheetName'), columns, shownRows, heading)}
          disabled={shownRows.length === 0}
        />
        <ExportButton
          kind="csv"
          run={() => exportToCsv(`${fileName}.csv`, columns, shownRows, i18n.language, undefined, heading)}
          disabled={shownRows.length === 0}
        />
      </Stack>
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        data={overview.salons}
        getRowId={salonRowId}
        initialSorting={[{ id: 'revenue', desc: true }]}
        onVisibleRowsChange={setShownRows}
      />
    </>
  );
}
