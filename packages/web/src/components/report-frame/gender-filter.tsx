import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** Which clients a report covers: everyone, or the clients of one gender (the API's *Gender variants). */
export type GenderChoice = 'ALL' | 'MALE' | 'FEMALE';
const GENDER_CHOICES: readonly GenderChoice[] = ['ALL', 'MALE', 'FEMALE'];

/** Reads ?gender=MALE|FEMALE (anything else is ALL). */
export function genderOf(value: string | null): GenderChoice {
  return value === 'MALE' || value === 'FEMALE' ? value : 'ALL';
}

/** The report's gender filter kept in the URL (?gender; absent = all clients), history replaced like the other filters. */
export function useGenderFilter(): [GenderChoice, (gender: GenderChoice) => void] {
  const [params, setParams] = useSearchParams();
  const gender = genderOf(params.get('gender'));
  const setGender = useCallback(
    (next: GenderChoice) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next === 'ALL') updated.delete('gender');
          else updated.set('gender', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [gender, setGender];
}

interface GenderFilterProps {
  value: GenderChoice;
  onChange: (gender: GenderChoice) => void;
}

/** A select for the report frame's extraFilters: all clients, men, women. */
function GenderFilter({ value, onChange }: GenderFilterProps) {
  const { t } = useTranslation('components');
  return (
    <TextField
      select
      size="small"
      label={t('genderFilter.label')}
      value={value}
      onChange={(event) => onChange(genderOf(event.target.value))}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { inputProps: { 'data-testid': 'gender-filter' } } }}
    >
      {GENDER_CHOICES.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {t(`genderFilter.${choice}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The gender filter of a report, whole: the choice (from the URL), the select for the frame's
 * extraFilters and the line an export writes about it.
 */
export function useGenderChoice() {
  const { t } = useTranslation('components');
  const [gender, setGender] = useGenderFilter();
  const detail: readonly [string, string] = [t('genderFilter.label'), t(`genderFilter.${gender}`)];
  return { gender, filter: <GenderFilter value={gender} onChange={setGender} />, detail };
}
