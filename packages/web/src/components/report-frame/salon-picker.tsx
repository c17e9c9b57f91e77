import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { salonsQuery } from '../../lib/salon-today';

interface SalonPickerProps {
  salonId: number | null;
  onChange: (salonId: number) => void;
}

/** The salons a superadmin can choose between (GET /api/Salons/{SESSIONCODE}). */
export function SalonPicker({ salonId, onChange }: SalonPickerProps) {
  const { t } = useTranslation('components');
  const salons = useQuery(salonsQuery);
  const options = salons.data ?? [];
  const isKnown = salonId !== null && options.some((salon) => salon.id === salonId);
  return (
    <TextField
      select
      size="small"
      label={t('reportFrame.salon')}
      value={isKnown ? String(salonId) : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={salons.isPending}
      error={salons.isError}
      helperText={salons.isError ? t('reportFrame.salonsFailed') : undefined}
      sx={{ minWidth: 200 }}
      slotProps={{ select: { inputProps: { 'data-testid': 'salon-picker' } } }}
    >
      {options.map((salon) => (
        <MenuItem key={salon.id} value={String(salon.id)}>
          {salon.name}
          {salon.city ? ` (${salon.city})` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
