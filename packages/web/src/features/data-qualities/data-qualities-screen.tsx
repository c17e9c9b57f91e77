import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countFormatter, valueAxisLabel } from '../../components/chart/axis-label';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDay } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { translateMessage } from '../../lib/i18n';
import {
  type ClientQuality,
  type CreatorQuality,
  type DataQuality,
  type DataQualityIssue,
  type DuplicateGroup,
  downloadDataQualityXlsx,
  type IssueCounts,
  useDataQuality,
} from './api/use-data-quality';
import { clampPage, clientNameOf, issuesByField, issueTone, offsetOfPage } from './data-quality-shaping';

/** The API's count of each finding, in the order of DATA_QUALITY_ISSUES. */
const ISSUE_KEYS: readonly (readonly [keyof IssueCounts, DataQualityIssue])[] = [
  ['phoneMissing', 'PHONE_MISSING'],
  ['phoneInvalid', 'PHONE_INVALID'],
  ['emailMissing', 'EMAIL_MISSING'],
  ['emailInvalid', 'EMAIL_INVALID'],
  ['birthDateMissing', 'BIRTH_DATE_MISSING'],
  ['birthDateImplausible', 'BIRTH_DATE_IMPLAUSIBLE'],
  ['genderMissing', 'GENDER_MISSING'],
  ['consentMissing', 'CONSENT_MISSING'],
  ['duplicates', 'DUPLICATE'],
];

/** Rows per page of the records to fix. */
const PAGE_SIZES = [25, 50, 100];

/** This report's fixed error for a network or server failure. */
const DATA_QUALITY_FAILURE = 'Unable to fetch data Qualities by Salon';

/** /data-qualities: how complete the salon's client records are, what is missing or wrong, the duplicates and the records to fix first. */
export default function DataQualitiesScreen() {
  const { t, i18n } = useTranslation('data-qualities');
  const language = i18n.language;
  const filters = useReportFilters();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(PAGE_SIZES[0] ?? 25);
  // The first page carries the salon's figures; another page of records is asked for beside it.
  const summary = useDataQuality(filters.salonId, limit, 0);
  const paged = useDataQuality(filters.salonId, limit, offsetOfPage(page, limit));
  const data = summary.data;
  const total = data?.total ?? 0;

  // Another salon (or a shorter list) may leave the page beyond the end.
  useEffect(() => {
    setPage((current) => clampPage(current, total, limit));
  }, [total, limit]);
  useEffect(() => {
    if (filters.salonId !== null) setPage(0);
  }, [filters.salonId]);

  const xlsx = async () => {
    if (filters.salonId !== null) await downloadDataQualityXlsx(filters.salonId, language);
  };

  return (
    <ReportFrame
      title={t('title')}
      filters={filters}
      {...reportStateOf(summary, (answer: DataQuality) => answer.clients === 0)}
      errorFallback={DATA_QUALITY_FAILURE}
      showDates={false}
      exports={{ xlsx }}
    >
      {data ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('intro', { today: formatDay(data.today, language) })}
          </Typography>
          <KpiGrid
            size={{ xs: 6, sm: 4, md: 2 }}
            items={[
              { id: 'clients', label: t('kpi.clients'), value: data.clients, format: 'integer', definition: t('definition.clients') },
              {
                id: 'completeClients',
                label: t('kpi.completeClients'),
                value: data.completeClients,
                format: 'integer',
                definition: t('definition.completeClients'),
              },
              {
                id: 'completePercent',
                label: t('kpi.completePercent'),
                value: data.completePercent,
                format: 'percent',
                definition: t('definition.completePercent'),
              },
              {
                id: 'averageScore',
                label: t('kpi.averageScore'),
                value: data.averageScore,
                format: 'number',
                definition: t('definition.averageScore'),
              },
              {
                id: 'duplicates',
                label: t('kpi.duplicates'),
                value: data.issues.duplicates,
                format: 'integer',
                definition: t('definition.duplicates'),
              },
              {
                id: 'duplicateGroups',
                label: t('kpi.duplicateGroups'),
                value: data.duplicateGroups.length,
                format: 'integer',
                definition: t('definition.duplicateGroups'),
              },
            ]}
          />
          <IssuesPerField data={data} />
          <ClientsToFix
            data={paged.data}
            isFetching={paged.isFetching}
            isError={paged.isError}
            total={total}
            page={page}
            limit={limit}
            onPage={setPage}
            onLimit={(next) => {
              setLimit(next);
              setPage(0);
            }}
          />
          <DuplicatesList groups={data.duplicateGroups} />
          <PerCreator rows={data.byCreator} />
        </>
      ) : null}
    </ReportFrame>
  );
}

function IssuesPerField({ data }: { data: DataQuality }) {
  const { t, i18n } = useTranslation('data-qualities');
  const language = i18n.language;
  const fields = useMemo(() => issuesByField(data.issues), [data.issues]);
  // On a phone the bars are short: no numbers inside them (the table below has them) and fewer ticks.
  const isWide = useMediaQuery(useTheme().breakpoints.up('sm'));
  const option = useMemo<EChartsCoreOption>(() => {
    const names = fields.map((row) => t(`field.${row.field}`));
    const series = (key: 'missing' | 'invalid' | 'duplicates', color: string) => ({
      name: t(`issueKind.${key}`),
      type: 'bar',
      stack: 'issues',
      itemStyle: { color },
      // Nothing drawn (not a zero) where the kind does not apply to the field.
      data: fields.map((row) => (row[key] === null || row[key] === 0 ? null : row[key])),
      label: { show: isWide, position: 'inside', formatter: (params: { value: unknown }) => countFormatter(language)(params.value) },
    });
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: countFormatter(language) },
      legend: { top: 0 },
      grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1, splitNumber: isWide ? 5 : 2, axisLabel: valueAxisLabel(language) },
      yAxis: { type: 'category', data: names, inverse: true },
      series: [series('missing', '#9e9e9e'), series('invalid', '#d32f2f'), series('duplicates', '#5e35b1')],
    };
  }, [fields, t, language, isWide]);
  const columns = useMemo<DataTableColumn<(typeof fields)[number]>[]>(
    () => [
      { id: 'field', header: t('column.field'), value: (row) => t(`field.${row.field}`) },
      {
        id: 'missing',
        header: t('column.missing'),
        value: (row) => (row.field === 'duplicate' ? null : row.missing),
        kind: 'integer',
      },
      { id: 'invalid', header: t('column.invalid'), value: (row) => row.invalid, kind: 'integer' },
      {
        id: 'duplicates',
        header: t('column.duplicates'),
        value: (row) => (row.field === 'duplicate' ? row.duplicates : null),
        kind: 'integer',
      },
    ],
    [t],
  );
  return (
    <>
      <ChartPanel title={t('chart.issues')} option={option} height={300} />
      <Box sx={{ mb: 3 }}>
        <DataTable columns={columns} data={fields} label={t('table.issues')} getRowId={(row) => row.field} pageSize={0} />
      </Box>
    </>
  );
}

function IssueChip({ issue }: { issue: DataQualityIssue }) {
  const { t } = useTranslation('data-qualities');
  const tone = issueTone(issue);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tone === 'invalid' ? 'error' : 'default'}
      icon={tone === 'duplicate' ? <ContentCopy /> : undefined}
      label={t(`issue.${issue}`)}
      data-testid={`issue-${issue}`}
    />
  );
}

interface ClientsToFixProps {
  data: DataQuality | undefined;
  isFetching: boolean;
  isError: boolean;
  total: number;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** The records to fix first, a page at a time as the API orders them: lowest score first, then duplicates. */
function ClientsToFix({ data, isFetching, isError, total, page, limit, onPage, onLimit }: ClientsToFixProps) {
  const { t, i18n } = useTranslation('data-qualities');
  const { t: tc } = useTranslation('components');
  const language = i18n.language;
  const rows: readonly ClientQuality[] = data?.rows ?? [];
  const dash = '—';
  return (
    <Paper variant="outlined" sx={{ mb: 3, overflow: 'hidden' }}>
      <Box sx={{ p: 2, pb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {t('toFix.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('toFix.help')}
        </Typography>
      </Box>
      {isFetching ? <LinearProgress aria-label={tc('reportFrame.loading')} /> : <Box sx={{ height: 4 }} />}
      {isError ? (
        <Typography color="error" sx={{ px: 2, py: 1 }}>
          {translateMessage(DATA_QUALITY_FAILURE)}
        </Typography>
      ) : null}
      {/* Scrolls sideways on a phone: focusable so the keyboard can scroll it too. */}
      <TableContainer tabIndex={0} role="region" aria-label={t('toFix.title')}>
        <Table size="small" aria-label={t('toFix.title')} data-testid="clients-to-fix">
          <TableHead>
            <TableRow>
              <TableCell>{t('column.client')}</TableCell>
              <TableCell align="right">{t('column.score')}</TableCell>
              <TableCell>{t('column.findings')}</TableCell>
              <TableCell>{t('column.phone')}</TableCell>
              <TableCell>{t('column.email')}</TableCell>
              <TableCell>{t('column.createdBy')}</TableCell>
              <TableCell>{t('column.firstVisit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.clientId} data-testid="client-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {clientNameOf(row, (id) => t('unnamed', { id }))}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('recordNumber', { id: row.clientId })}
                    {row.duplicateGroupId !== null ? ` · ${t('inGroup', { group: row.duplicateGroupId })}` : ''}
                  </Typography>
                </TableCell>
                <TableCell align="right" data-testid="client-score">
                  {formatValue(row.score, 'percent', language)}
                </TableCell>
                <TableCell>
                  {row.issues.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('noFindings')}
                    </Typography>
                  ) : (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 200 }}>
                      {row.issues.map((issue) => (
                        <IssueChip key={issue} issue={issue} />
                      ))}
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.phone || dash}</TableCell>
                <TableCell>{row.email || dash}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.createdByName || t('unknownCreator')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.firstVisit ? formatDay(row.firstVisit, language) : dash}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, Math.max(0, Math.ceil(total / limit) - 1))}
        rowsPerPage={limit}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => onPage(next)}
        onRowsPerPageChange={(event) => onLimit(Number(event.target.value))}
        labelRowsPerPage={tc('dataTable.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          tc('dataTable.pageRange', {
            from: formatValue(from, 'integer', language),
            to: formatValue(to, 'integer', language),
            count: formatValue(count, 'integer', language),
          })
        }
        getItemAriaLabel={(type) => tc(`dataTable.page.${type}`)}
        data-testid="clients-pagination"
      />
    </Paper>
  );
}

/** Every group of likely duplicates: the name, what matched, and each record's name, number, phone and e-mail. */
function DuplicatesList({ groups }: { groups: readonly DuplicateGroup[] }) {
  const { t } = useTranslation('data-qualities');
  const columns = useMemo<DataTableColumn<DuplicateGroup>[]>(
    () => [
      { id: 'groupId', header: t('column.group'), value: (row) => row.groupId, kind: 'integer' },
      { id: 'name', header: t('column.name'), value: (row) => row.name },
      { id: 'records', header: t('column.records'), value: (row) => row.clientIds.length, kind: 'integer' },
      {
        id: 'matchedOn',
        header: t('column.matchedOn'),
        value: (row) => row.matchedOn.map((key) => t(`matched.${key}`)).join(', '),
      },
      {
        id: 'members',
        header: t('column.members'),
        // each record as a manager finds it in the point of sale: name, number, phone, e-mail
        value: (row) =>
          row.members
            .map((m) =>
              [`${m.name || t('unnamed', { id: m.clientId })} (${t('recordNumber', { id: m.clientId })})`, m.phone, m.email]
                .filter((part) => part !== null && part.trim() !== '')
                .join(' · '),
            )
            .join('; '),
      },
    ],
    [t],
  );
  return (
    <Panel title={t('duplicates.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('duplicates.help')}
      </Typography>
      {groups.length === 0 ? (
        <Typography variant="body2" data-testid="no-duplicates">
          {t('duplicates.none')}
        </Typography>
      ) : (
        <DataTable columns={columns} data={groups} label={t('duplicates.title')} getRowId={(row) => String(row.groupId)} pageSize={10} />
      )}
    </Panel>
  );
}

/** The records each staff member created: how complete they are. */
function PerCreator({ rows }: { rows: readonly CreatorQuality[] }) {
  const { t } = useTranslation('data-qualities');
  const columns = useMemo<DataTableColumn<CreatorQuality>[]>(
    () => [
      { id: 'name', header: t('column.createdBy'), value: (row) => row.name || t('unknownCreator') },
      { id: 'clients', header: t('kpi.clients'), value: (row) => row.clients, kind: 'integer' },
      { id: 'completeClients', header: t('kpi.completeClients'), value: (row) => row.completeClients, kind: 'integer' },
      { id: 'completePercent', header: t('kpi.completePercent'), value: (row) => row.completePercent, kind: 'percent' },
      { id: 'averageScore', header: t('kpi.averageScore'), value: (row) => row.averageScore, kind: 'number' },
      ...ISSUE_KEYS.map(
        ([key, issue]): DataTableColumn<CreatorQuality> => ({
          id: key,
          header: t(`issue.${issue}`),
          value: (row) => row.issues[key],
          kind: 'integer',
        }),
      ),
    ],
    [t],
  );
  return (
    <Panel title={t('creators.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('creators.help')}
      </Typography>
      <DataTable
        columns={columns}
        data={rows}
        label={t('creators.title')}
        getRowId={(row) => String(row.staffId ?? 'unknown')}
        pageSize={0}
      />
    </Panel>
  );
}
