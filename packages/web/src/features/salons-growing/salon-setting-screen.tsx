import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SALON_CONFIG_LIMITS } from '@salon/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueAxisLabel } from '../../components/chart/axis-label';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDateInput, parseDateInput, periodEndOf } from '../../components/format/dates';
import { CalendarAdornment } from '../../components/report-frame/date-field';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { ApiError, errorMessageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { useSalonToday } from '../../lib/salon-today';
import { showMessage } from '../../lib/snackbar';
import { type SalonSetting, type SalonSettingInput, useSalonConfigs, useSaveSalonConfig } from './api/use-salon-configs';

type Field = keyof SalonSettingInput;
const FIELDS: Field[] = ['target', 'reachTargetMonths', 'targetMonths', 'periodStartDate'];
type FieldErrors = Partial<Record<Field, string>>;

/** The checks the server makes (SALON_CONFIG_LIMITS), made before sending so the user sees them at once. */
export function validateSetting(texts: Record<Field, string>): { input?: SalonSettingInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const target = Number(texts.target.replace(',', '.'));
  if (
    texts.target.trim() === '' ||
    !Number.isFinite(target) ||
    target < SALON_CONFIG_LIMITS.targetMin ||
    target > SALON_CONFIG_LIMITS.targetMax
  ) {
    errors.target = 'target';
  }
  for (const field of ['reachTargetMonths', 'targetMonths'] as const) {
    const value = Number(texts[field]);
    if (!Number.isInteger(value) || value < SALON_CONFIG_LIMITS.monthsMin || value > SALON_CONFIG_LIMITS.monthsMax)
      errors[field] = 'months';
  }
  // Typed as dd/mm/yyyy like every date field (format/dates.ts); a YYYY-MM-DD text is taken as it is.
  const periodStartDate =
    parseDateInput(texts.periodStartDate) ?? (/^\d{4}-\d{2}-\d{2}$/.test(texts.periodStartDate) ? texts.periodStartDate : null);
  if (periodStartDate === null) errors.periodStartDate = 'date';
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    input: {
      target,
      reachTargetMonths: Number(texts.reachTargetMonths),
      targetMonths: Number(texts.targetMonths),
      periodStartDate: periodStartDate ?? '',
    },
  };
}

/** /salon-setting: the five growth settings (treatment, colour, haircut, resale, styling), saved one product at a time. */
export default function SalonSettingScreen() {
  const { t, i18n } = useTranslation('salons-growing');
  const filters = useReportFilters();
  const { roles } = useAuth();
  const canSave = roles.includes('ADMIN') || roles.includes('SUPERADMIN');
  const configs = useSalonConfigs(filters.salonId);
  const settings = configs.data ?? [];

  const columns = useMemo<DataTableColumn<SalonSetting>[]>(
    () => [
      { id: 'product', header: t('setting.column.product'), value: (row) => t(`category.${row.category}`) },
      { id: 'target', header: t('setting.field.target'), value: (row) => row.target, kind: 'percent' },
      { id: 'reachTargetMonths', header: t('setting.field.reachTargetMonths'), value: (row) => row.reachTargetMonths, kind: 'integer' },
      { id: 'targetMonths', header: t('setting.field.targetMonths'), value: (row) => row.targetMonths, kind: 'integer' },
      { id: 'periodStartDate', header: t('setting.field.periodStartDate'), value: (row) => row.periodStartDate, kind: 'date' },
      {
        id: 'periodEndDate',
        header: t('setting.column.periodEnd'),
        value: (row) => periodEndOf(row.periodStartDate, row.reachTargetMonths),
        kind: 'date',
      },
      { id: 'stored', header: t('setting.column.stored'), value: (row) => (row.isDefault ? t('setting.default') : t('setting.stored')) },
    ],
    [t],
  );

  const { table, tableProps } = useReportTable({ name: 'Salon-Settings', columns, period: null });

  const chartOption = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: settings.map((row) => t(`category.${row.category}`)) },
      yAxis: [
        { type: 'value', max: 100, axisLabel: valueAxisLabel(i18n.language, ' %') },
        { type: 'value', axisLabel: valueAxisLabel(i18n.language) },
      ],
      series: [
        { name: t('setting.field.target'), type: 'bar', data: settings.map((row) => row.target) },
        { name: t('setting.field.reachTargetMonths'), type: 'line', yAxisIndex: 1, data: settings.map((row) => row.reachTargetMonths) },
      ],
    }),
    [settings, t, i18n.language],
  );

  const stored = settings.filter((row) => !row.isDefault).length;
  const averageTarget = settings.length
    ? Math.round((settings.reduce((sum, row) => sum + row.target, 0) / settings.length) * 100) / 100
    : null;
  const lastEnd =
    settings
      .map((row) => periodEndOf(row.periodStartDate, row.reachTargetMonths))
      .sort()
      .at(-1) ?? null;

  return (
    <ReportFrame
      title={t('setting.title')}
      filters={filters}
      {...reportStateOf(configs, (data: SalonSetting[]) => data.length === 0)}
      showDates={false}
      table={table}
    >
      <KpiGrid
        size={{ xs: 12, sm: 4 }}
        items={[
          {
            id: 'stored',
            label: t('setting.kpi.stored'),
            value: `${stored} / ${settings.length}`,
            format: 'text',
            definition: t('setting.definition.stored'),
          },
          {
            id: 'averageTarget',
            label: t('setting.kpi.averageTarget'),
            value: averageTarget,
            format: 'percent',
            definition: t('setting.definition.averageTarget'),
          },
          { id: 'lastEnd', label: t('setting.kpi.lastEnd'), value: lastEnd, format: 'text', definition: t('setting.definition.lastEnd') },
        ]}
      />
      {canSave ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('setting.readOnly')}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {settings.map((setting) => (
          <Grid key={`${filters.salonId}-${setting.product}`} size={{ xs: 12, md: 6, lg: 4 }}>
            <SettingForm setting={setting} salonId={filters.salonId} canSave={canSave} />
          </Grid>
        ))}
      </Grid>
      <ChartPanel title={t('setting.chartTitle')} label={t('setting.chartLabel')} option={chartOption} height={260} />
      <DataTable {...tableProps} label={t('setting.tableLabel')} data={settings} getRowId={(row) => row.product} pageSize={0} />
    </ReportFrame>
  );
}

const textsOf = (setting: SalonSetting): Record<Field, string> => ({
  target: String(setting.target),
  reachTargetMonths: String(setting.reachTargetMonths),
  targetMonths: String(setting.targetMonths),
  periodStartDate: formatDateInput(setting.periodStartDate),
});

function SettingForm({ setting, salonId, canSave }: { setting: SalonSetting; salonId: number | null; canSave: boolean }) {
  const { t } = useTranslation('salons-growing');
  const { t: tc } = useTranslation('components');
  const save = useSaveSalonConfig(salonId);
  const today = useSalonToday(salonId);
  const [texts, setTexts] = useState(() => textsOf(setting));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const titleId = `setting-${setting.product}`;

  // A saved (or re-read) setting refills the form.
  useEffect(() => setTexts(textsOf(setting)), [setting]);

  const messageOf = (field: Field, code: string) =>
    code === 'target'
      ? t('setting.error.target', { min: SALON_CONFIG_LIMITS.targetMin, max: SALON_CONFIG_LIMITS.targetMax })
      : code === 'months'
        ? t('setting.error.months', { min: SALON_CONFIG_LIMITS.monthsMin, max: SALON_CONFIG_LIMITS.monthsMax })
        : code === 'date'
          ? tc('dateField.invalid')
          : code || t(`setting.field.${field}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const { input, errors: found } = validateSetting(texts);
    setErrors(found);
    if (!input) return;
    try {
      await save.mutateAsync({ product: setting.product, id: setting.id, input });
      showMessage(t('setting.saved', { product: t(`category.${setting.category}`) }), 'success');
    } catch (error) {
      const message = translateMessage(errorMessageOf(error));
      // The server's 400 names the field (target, targetTreatment..., reachTargetMonths, targetMonths, periodStartDate): show it there.
      const parameter =
        error instanceof ApiError && typeof error.body === 'object' && error.body && 'parameter' in error.body
          ? String(error.body.parameter)
          : '';
      const field = FIELDS.find((name) => name === parameter) ?? (parameter.startsWith('target') ? 'target' : undefined);
      if (field) setErrors({ [field]: message });
      else setFormError(message);
    }
  };

  const fieldProps = (field: Field) => ({
    value: texts[field],
    onChange: (event: { target: { value: string } }) => setTexts((previous) => ({ ...previous, [field]: event.target.value })),
    error: errors[field] !== undefined,
    helperText: errors[field] ? messageOf(field, errors[field] ?? '') : t(`setting.help.${field}`),
    disabled: !canSave || save.isPending,
    fullWidth: true,
    size: 'small' as const,
    label: t(`setting.field.${field}`),
  });

  return (
    <Card
      variant="outlined"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      data-testid={`setting-${setting.product}`}
    >
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t(`category.${setting.category}`)}
          </Typography>
          <Chip
            size="small"
            label={setting.isDefault ? t('setting.default') : t('setting.stored')}
            color={setting.isDefault ? 'default' : 'primary'}
          />
        </Stack>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Stack sx={{ gap: 2 }}>
          <TextField {...fieldProps('target')} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'field-target' } }} />
          <TextField
            {...fieldProps('reachTargetMonths')}
            type="number"
            slotProps={{ htmlInput: { min: 1, max: 36, 'data-testid': 'field-reachTargetMonths' } }}
          />
          <TextField
            {...fieldProps('targetMonths')}
            type="number"
            slotProps={{ htmlInput: { min: 1, max: 36, 'data-testid': 'field-targetMonths' } }}
          />
          <TextField
            {...fieldProps('periodStartDate')}
            slotProps={{
              input: {
                endAdornment: (
                  <CalendarAdornment
                    label={t('setting.field.periodStartDate')}
                    value={parseDateInput(texts.periodStartDate) ?? ''}
                    today={today}
                    onPick={(day) => setTexts((current) => ({ ...current, periodStartDate: formatDateInput(day) }))}
                    testId="field-periodStartDate"
                  />
                ),
              },
              inputLabel: { shrink: true },
              htmlInput: {
                'data-testid': 'field-periodStartDate',
                inputMode: 'numeric',
                placeholder: tc('dateField.placeholder'),
                maxLength: 10,
              },
            }}
          />
        </Stack>
        {canSave ? (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="save-setting">
              {save.isPending ? t('setting.saving') : t('setting.save')}
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
