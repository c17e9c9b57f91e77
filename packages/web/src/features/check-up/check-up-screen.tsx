import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EChartsCoreOption } from 'echarts/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueAxisLabel } from '../../components/chart/axis-label';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatValue, type ValueKind } from '../../components/format/number-format';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { ApiError, errorMessageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { showMessage } from '../../lib/snackbar';
import { type CheckUp, type CheckUpItem, type CheckUpTarget, useCheckUp, useSaveCheckUpTargets } from './api/use-check-up';

type Status = CheckUpItem['status'];

const KIND_OF_UNIT: Record<CheckUpItem['unit'], ValueKind> = { EUR: 'money', PERCENT: 'percent', COUNT: 'integer', SCORE: 'number' };

/** The contract's limits of a target (CheckUpTargetInput) and the natural range of per cent and NPS. */
function targetLimits(unit: CheckUpItem['unit']): { min: number; max: number } {
  if (unit === 'PERCENT') return { min: 0, max: 100 };
  if (unit === 'SCORE') return { min: -100, max: 100 };
  return { min: 0, max: 10_000_000 };
}

/** A typed target: null for an empty field, a number in range, or 'invalid'. */
export function parseTarget(text: string, unit: CheckUpItem['unit']): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  const { min, max } = targetLimits(unit);
  return Number.isFinite(value) && value >= min && value <= max ? value : 'invalid';
}

const STATUS_COLOR: Record<Status, 'success' | 'warning' | 'error' | 'default'> = {
  ON_TARGET: 'success',
  CLOSE: 'warning',
  OFF: 'error',
  NO_TARGET: 'default',
  NO_DATA: 'default',
};
const STATUS_ICON: Record<Status, typeof CheckCircleOutline> = {
  ON_TARGET: CheckCircleOutline,
  CLOSE: WarningAmber,
  OFF: ErrorOutline,
  NO_TARGET: HelpOutline,
  NO_DATA: HelpOutline,
};

const textOf = (value: number | null) => (value === null ? '' : String(value));

/** How a target is shown: a monthly count target scaled to a range may be fractional (0.9 new clients). */
const targetKindOf = (item: CheckUpItem): ValueKind => (item.isMonthlyTarget ? 'number' : KIND_OF_UNIT[item.unit]);

function StatusChip({ status, label }: { status: Status; label: string }) {
  const Icon = STATUS_ICON[status];
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      icon={<Icon />}
      label={label}
      data-testid={`status-${status}`}
      // White on the theme's orange is too faint to read (WCAG contrast): dark text on "close".
      sx={status === 'CLOSE' ? { color: 'rgba(0, 0, 0, 0.87)', '& .MuiChip-icon': { color: 'inherit' } } : undefined}
    />
  );
}

/** /Check-Up: the salon's KPIs with the manager's targets, the actual for the range and a status. */
export default function CheckUpScreen() {
  const { t, i18n } = useTranslation('check-up');
  const language = i18n.language;
  const { roles } = useAuth();
  const canEdit = roles.includes('ADMIN') || roles.includes('SUPERADMIN');
  const filters = useReportFilters();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  const checkUp = useCheckUp({ ...filters, gender, enabled: filters.isRangeValid });
  const items = checkUp.data?.items ?? [];

  const kpiName = (item: CheckUpItem) => t(`kpi.${item.kpi}`);
  const months = formatValue(checkUp.data?.monthsInRange ?? null, 'number', language);
  const definitionOf = (item: CheckUpItem) =>
    item.isMonthlyTarget ? `${t(`definition.${item.kpi}`)} ${t('monthlyTarget.definition', { months })}` : t(`definition.${item.kpi}`);

  const columns = useMemo<DataTableColumn<CheckUpItem>[]>(
    () => [
      { id: 'kpi', header: t('column.kpi'), value: (item) => t(`kpi.${item.kpi}`) },
      {
        id: 'target',
        header: t('column.target'),
        value: (item) => item.target,
        kind: 'number',
        cell: (item) =>
          item.isMonthlyTarget && item.savedTarget !== null
            ? t('targetScaled', {
                value: formatValue(item.target, 'number', language),
                monthly: formatValue(item.savedTarget, 'number', language),
              })
            : formatValue(item.target, targetKindOf(item), language),
      },
      {
        id: 'actual',
        header: t('column.actual'),
        value: (item) => item.actual,
        kind: 'number',
        cell: (item) => formatValue(item.actual, KIND_OF_UNIT[item.unit], language),
      },
      { id: 'gapPercent', header: t('column.gap'), value: (item) => item.gapPercent, kind: 'percent' },
      {
        id: 'status',
        header: t('column.status'),
        value: (item) => t(`status.${item.status}`),
        cell: (item) => <StatusChip status={item.status} label={t(`status.${item.status}`)} />,
      },
    ],
    [t, language],
  );

  const { table, tableProps } = useReportTable({ name: 'Check-Up', columns, details: [genderDetail] });

  const chartOption = useMemo<EChartsCoreOption>(() => {
    const withTarget = items.filter((item) => item.gapPercent !== null);
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
      xAxis: { type: 'value', min: 0, max: 200, axisLabel: valueAxisLabel(language, ' %') },
      yAxis: { type: 'category', data: withTarget.map((item) => t(`kpi.${item.kpi}`)), inverse: true },
      series: [
        {
          name: t('chart.achievement'),
          type: 'bar',
          // 100 % = exactly on target; the colour follows the status.
          // Capped at 200 % so one KPI far above its target does not flatten the others; the table has the exact gap.
          data: withTarget.map((item) => ({
            value: Math.min(200, Math.round((100 + (item.gapPercent ?? 0)) * 10) / 10),
            itemStyle: { color: item.status === 'ON_TARGET' ? '#2e7d32' : item.status === 'CLOSE' ? '#ed6c02' : '#d32f2f' },
          })),
          markLine: {
            symbol: 'none',
            data: [{ xAxis: 100, name: t('chart.target') }],
            label: { formatter: t('chart.target'), position: 'end' },
          },
        },
      ],
    };
  }, [items, t, language]);

  const counts = useMemo(() => {
    const byStatus: Record<Status, number> = { ON_TARGET: 0, CLOSE: 0, OFF: 0, NO_TARGET: 0, NO_DATA: 0 };
    for (const item of items) byStatus[item.status] += 1;
    return byStatus;
  }, [items]);

  return (
    <ReportFrame
      title={t('title')}
      filters={filters}
      {...reportStateOf(checkUp, (data: CheckUp) => data.items.length === 0)}
      table={table}
      extraFilters={genderFilter}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} data-testid="check-up-summary">
        {(['ON_TARGET', 'CLOSE', 'OFF', 'NO_TARGET'] as const).map((key) => (
          <StatusChip key={key} status={key} label={t('summary', { status: t(`status.${key}`), count: counts[key] })} />
        ))}
      </Box>
      {items.some((item) => item.isMonthlyTarget) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="monthly-target-note">
          {t('monthlyTarget.note', {
            kpis: items
              .filter((item) => item.isMonthlyTarget)
              .map(kpiName)
              .join(', '),
            months,
          })}
        </Typography>
      ) : null}
      <KpiGrid
        size={{ xs: 12, sm: 6, md: 4 }}
        items={items.map((item) => ({
          id: item.kpi,
          label: kpiName(item),
          value: item.actual,
          format: KIND_OF_UNIT[item.unit],
          definition: definitionOf(item),
          secondary: (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
              <span data-testid={`target-line-${item.kpi}`}>
                {item.isMonthlyTarget && item.savedTarget !== null
                  ? t('targetLineScaled', {
                      value: formatValue(item.target, 'number', language),
                      monthly: formatValue(item.savedTarget, 'number', language),
                    })
                  : t('targetLine', { value: formatValue(item.target, targetKindOf(item), language) })}
              </span>
              <StatusChip status={item.status} label={t(`status.${item.status}`)} />
            </Box>
          ),
        }))}
      />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('chart.title')}
      </Typography>
      {items.some((item) => item.gapPercent !== null) ? (
        <Box sx={{ mb: 3 }}>
          <Chart option={chartOption} label={t('chart.label')} height={Math.max(160, 40 * items.length)} />
        </Box>
      ) : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('chart.noTargets')}
        </Alert>
      )}
      <DataTable {...tableProps} label={t('tableLabel')} data={items} getRowId={(item) => item.kpi} pageSize={0} />
      {checkUp.data ? (
        <TargetEditor
          key={`${filters.salonId}-${gender}`}
          checkUp={checkUp.data}
          salonId={filters.salonId}
          gender={gender}
          canEdit={canEdit}
        />
      ) : null}
    </ReportFrame>
  );
}

interface TargetEditorProps {
  checkUp: CheckUp;
  salonId: number | null;
  gender: 'ALL' | 'MALE' | 'FEMALE';
  canEdit: boolean;
}

/** The targets form: ADMIN and SUPERADMIN save them (AddCheckUp / AddCheckUpGender); everyone else reads them. */
function TargetEditor({ checkUp, salonId, gender, canEdit }: TargetEditorProps) {
  const { t } = useTranslation('check-up');
  const save = useSaveCheckUpTargets(salonId, gender);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(checkUp.items.map((item) => [item.kpi, textOf(item.savedTarget)])),
  );
  const [serverError, setServerError] = useState<{ message: string; kpi?: string } | null>(null);

  // New targets from the server (after a save, or another range) refill the form.
  useEffect(() => {
    setTexts(Object.fromEntries(checkUp.items.map((item) => [item.kpi, textOf(item.savedTarget)])));
  }, [checkUp.items]);

  const parsed = checkUp.items.map((item) => ({ item, value: parseTarget(texts[item.kpi] ?? '', item.unit) }));
  const hasInvalid = parsed.some(({ value }) => value === 'invalid');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasInvalid || !canEdit) return;
    setServerError(null);
    const targets: CheckUpTarget[] = parsed.map(({ item, value }) => ({ kpi: item.kpi, target: value === 'invalid' ? null : value }));
    try {
      await save.mutateAsync(targets);
      showMessage(t('editor.saved'), 'success');
    } catch (error) {
      // A 400 names the parameter, e.g. "3.target" or "/3/target": point at that KPI's field.
      const parameter =
        error instanceof ApiError && typeof error.body === 'object' && error.body && 'parameter' in error.body
          ? String(error.body.parameter)
          : '';
      const index = /(\d+)/.exec(parameter)?.[1];
      const kpi = index === undefined ? undefined : targets[Number(index)]?.kpi;
      setServerError({ message: translateMessage(errorMessageOf(error)), kpi });
    }
  };

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2, mt: 3 }} aria-labelledby="check-up-targets-title" noValidate>
      <Typography id="check-up-targets-title" variant="h6" component="h2">
        {gender === 'ALL' ? t('editor.title') : t(`editor.titleGender.${gender}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {canEdit ? t('editor.help') : t('editor.readOnly')}
        {checkUp.updatedAt ? ` ${t('editor.updatedAt', { when: new Date(checkUp.updatedAt).toLocaleString() })}` : ''}
      </Typography>
      {serverError && !serverError.kpi ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverError.message}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        {parsed.map(({ item, value }) => {
          const { min, max } = targetLimits(item.unit);
          const fieldError =
            value === 'invalid' ? t('editor.invalid', { min, max }) : serverError?.kpi === item.kpi ? serverError.message : '';
          return (
            <Grid key={item.kpi} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                fullWidth
                size="small"
                label={`${t(`kpi.${item.kpi}`)} (${item.isMonthlyTarget ? t('editor.perMonth') : t(`unit.${item.unit}`)})`}
                value={texts[item.kpi] ?? ''}
                onChange={(event) => setTexts((previous) => ({ ...previous, [item.kpi]: event.target.value }))}
                disabled={!canEdit || save.isPending}
                error={fieldError !== ''}
                helperText={fieldError || t('editor.emptyMeansNone')}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `target-${item.kpi}` } }}
              />
            </Grid>
          );
        })}
      </Grid>
      {canEdit ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={hasInvalid || save.isPending} data-testid="save-targets">
            {save.isPending ? t('editor.saving') : t('editor.save')}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}
