import { FULL_CAPACITY_LIMITS } from '@salon/contracts';
import { decimalSeparatorOf } from '../../components/format/number-format';
import type { CapacitySettingInput } from './api/use-capacity';

export type CapacityField = keyof CapacitySettingInput;
export type CapacityTexts = Record<CapacityField, string>;

/**
 * The checks the server makes (FULL_CAPACITY_LIMITS), made before sending so the user sees them at
 * once: a whole number of people from 0 to 500, an hourly amount in euros from 0 to 10,000 with at
 * most two decimals (a decimal comma is read as a point). `errors` names each field that is wrong.
 */
export function validateCapacitySetting(texts: CapacityTexts): {
  input?: CapacitySettingInput;
  errors: Partial<Record<CapacityField, true>>;
} {
  const errors: Partial<Record<CapacityField, true>> = {};
  const people = texts.numberOfPeople.trim();
  const numberOfPeople = Number(people);
  if (!/^\d+$/.test(people) || numberOfPeople > FULL_CAPACITY_LIMITS.numberOfPeopleMax) errors.numberOfPeople = true;
  const hourly = texts.averageHourly.trim().replace(',', '.');
  const averageHourly = Number(hourly);
  if (!/^\d+(\.\d{1,2})?$/.test(hourly) || averageHourly > FULL_CAPACITY_LIMITS.averageHourlyMax) errors.averageHourly = true;
  return Object.keys(errors).length ? { errors } : { errors, input: { numberOfPeople, averageHourly } };
}

/** The form's texts for stored settings, the amount with the language's decimal separator. */
export function capacityTextsOf(setting: CapacitySettingInput, language: string): CapacityTexts {
  return {
    numberOfPeople: String(setting.numberOfPeople),
    // Cents as cents: 37.5 is shown 37.50.
    averageHourly: (Number.isInteger(setting.averageHourly) ? String(setting.averageHourly) : setting.averageHourly.toFixed(2)).replace(
      '.',
      decimalSeparatorOf(language),
    ),
  };
}
