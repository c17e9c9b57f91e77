import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateField } from '../report-frame/date-field';
import type { DayOffErrors, DayOffPartName, DayOffTexts, DayOffTypeName } from './day-off-form';
import { TimeField } from './time-field';

const TYPES: DayOffTypeName[] = ['HOLIDAY', 'SICK', 'PERMIT'];
const PARTS: DayOffPartName[] = ['FULL_DAY', 'MORNING', 'AFTERNOON', 'HOURS'];

/** The fields of a day off (type, whole days / half day / hours, dates, times, note), shared by the day-off and request forms. */
export function DayOffFields({
  texts,
  errors,
  onChange,
}: {
  texts: DayOffTexts;
  errors: DayOffErrors;
  onChange: (change: Partial<DayOffTexts>) => void;
}) {
  const { t } = useTranslation('staff');
  const message = (field: keyof DayOffErrors) => (errors[field] ? t(`dayOffForm.error.${errors[field]}`) : undefined);
  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField
          select
          size="small"
          label={t('dayOffForm.type')}
          value={texts.type}
          onChange={(event) => {
            const type = event.target.value as DayOffTypeName;
            // Hours are a permit's: another type goes back to whole days.
            onChange(type !== 'PERMIT' && texts.part === 'HOURS' ? { type, part: 'FULL_DAY' } : { type });
          }}
          sx={{ flex: 1 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'day-off-type' } } }}
        >
          {TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`dayOffType.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('dayOffForm.part')}
          value={texts.part}
          onChange={(event) => onChange({ part: event.target.value as DayOffPartName })}
          error={!!errors.part}
          helperText={message('part')}
          sx={{ flex: 1 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'day-off-part' } } }}
        >
          {PARTS.filter((part) => part !== 'HOURS' || texts.type === 'PERMIT').map((part) => (
            <MenuItem key={part} value={part}>
              {t(`dayOffPart.${part}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <DateField
          label={texts.part === 'FULL_DAY' ? t('dayOffForm.from') : t('dayOffForm.day')}
          value={texts.startDate}
          onChange={(startDate) =>
            onChange(texts.endDate && texts.endDate >= startDate ? { startDate } : { startDate, endDate: startDate })
          }
          testId="day-off-start"
          required
        />
        {texts.part === 'FULL_DAY' ? (
          <DateField
            label={t('dayOffForm.to')}
            value={texts.endDate}
            onChange={(endDate) => onChange({ endDate })}
            testId="day-off-end"
            required
          />
        ) : null}
      </Stack>
      {errors.startDate || errors.endDate ? (
        <Alert severity="warning" data-testid="day-off-date-error">
          {message('startDate') ?? message('endDate')}
        </Alert>
      ) : null}
      {texts.part === 'HOURS' ? (
        <Stack direction="row" sx={{ gap: 2 }}>
          <TimeField
            label={t('dayOffForm.startTime')}
            value={texts.startTime}
            onChange={(text) => onChange({ startTime: text })}
            isInvalid={!!errors.startTime}
            helperText={message('startTime')}
            testId="day-off-start-time"
          />
          <TimeField
            label={t('dayOffForm.endTime')}
            value={texts.endTime}
            onChange={(text) => onChange({ endTime: text })}
            isInvalid={!!errors.endTime}
            helperText={message('endTime')}
            testId="day-off-end-time"
          />
        </Stack>
      ) : null}
      <TextField
        size="small"
        label={t('dayOffForm.note')}
        value={texts.note}
        onChange={(event) => onChange({ note: event.target.value })}
        error={!!errors.note}
        helperText={message('note')}
        multiline
        minRows={1}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'day-off-note' } }}
      />
    </Stack>
  );
}
