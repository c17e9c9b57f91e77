import { describe, expect, it } from 'vitest';
import { capacityTextsOf, validateCapacitySetting } from './capacity-setting-form';

describe('validateCapacitySetting', () => {
  it('accepts whole people and euros with up to two decimals, a decimal comma too', () => {
    expect(validateCapacitySetting({ numberOfPeople: ' 6 ', averageHourly: '42,50' })).toEqual({
      errors: {},
      input: { numberOfPeople: 6, averageHourly: 42.5 },
    });
    expect(validateCapacitySetting({ numberOfPeople: '0', averageHourly: '0' }).input).toEqual({ numberOfPeople: 0, averageHourly: 0 });
    expect(validateCapacitySetting({ numberOfPeople: '500', averageHourly: '10000' }).input).toEqual({
      numberOfPeople: 500,
      averageHourly: 10_000,
    });
  });

  it('names each field outside the server limits (FULL_CAPACITY_LIMITS) or not a number', () => {
    expect(validateCapacitySetting({ numberOfPeople: '501', averageHourly: '10000.01' })).toEqual({
      errors: { numberOfPeople: true, averageHourly: true },
    });
    for (const numberOfPeople of ['', '-1', '2.5', '1e2', 'three']) {
      expect(validateCapacitySetting({ numberOfPeople, averageHourly: '40' }).errors, numberOfPeople).toEqual({ numberOfPeople: true });
    }
    for (const averageHourly of ['', '-5', '12.345', '1.234,50', 'Infinity', '€40']) {
      expect(validateCapacitySetting({ numberOfPeople: '3', averageHourly }).errors, averageHourly).toEqual({ averageHourly: true });
    }
  });

  it('fills the form with the stored values in the language’s decimal separator', () => {
    expect(capacityTextsOf({ numberOfPeople: 4, averageHourly: 37.5 }, 'it')).toEqual({ numberOfPeople: '4', averageHourly: '37,50' });
    expect(capacityTextsOf({ numberOfPeople: 4, averageHourly: 37.5 }, 'en')).toEqual({ numberOfPeople: '4', averageHourly: '37.50' });
    expect(capacityTextsOf({ numberOfPeople: 0, averageHourly: 40 }, 'en')).toEqual({ numberOfPeople: '0', averageHourly: '40' });
  });
});
