import { salesPerDay, salesPerDayGender, salesPerDayReport } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { endpointByGender, reportQueryKey } from './use-report-query';

describe('endpointByGender', () => {
  const input = { params: { salonId: 3, fromDate: '2026-01-01', toDate: '2026-01-31' } };

  it('asks the plain endpoint for all clients, with the inputs unchanged', () => {
    expect(endpointByGender(salesPerDayReport, 'ALL', input)).toEqual({ endpoint: salesPerDay, input });
    expect(endpointByGender(salesPerDayReport, null, input).endpoint).toBe(salesPerDay);
  });

  it('asks the gender endpoint for one gender, with the gender added to the params', () => {
    const picked = endpointByGender(salesPerDayReport, 'FEMALE', input);
    expect(picked.endpoint).toBe(salesPerDayGender);
    expect(picked.input.params).toEqual({ ...input.params, gender: 'FEMALE' });
  });
});

describe('reportQueryKey', () => {
  it('starts with the contract path and holds the inputs, so two genders or two ranges never share a cache entry', () => {
    const plain = reportQueryKey(salesPerDay, { params: { salonId: 3, fromDate: '2026-01-01', toDate: '2026-01-31' } });
    const other = reportQueryKey(salesPerDay, { params: { salonId: 3, fromDate: '2026-02-01', toDate: '2026-02-28' } });
    expect(plain[0]).toBe(salesPerDay.path);
    expect(plain).not.toEqual(other);
    expect(reportQueryKey(salesPerDayGender, {})[0]).not.toBe(plain[0]);
  });
});
