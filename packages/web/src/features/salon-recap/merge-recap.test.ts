import { describe, expect, it } from 'vitest';
import {
  addNumbers,
  changePercent,
  comparisonRange,
  dayRevenue,
  initialRecapState,
  mergeDays,
  mergeNumeric,
  mergeRecapResponse,
  mergeTotals,
  type RecapDay,
  type RecapRow,
  type RecapTotals,
  recapReducer,
  recapTotalsOf,
  type SalonRecapResponse,
} from './merge-recap';

function day(date: string, services: number, products: number, extra: Partial<{ discount: number; newClients: number }> = {}): RecapDay {
  return {
    day: date,
    appointmentsDiscount: extra.discount ?? 0,
    productDataRecommendedCheckoutCassaNova: {
      amountCassaNova: products,
      amountRecommended: products / 2,
      appointmentCount: 1,
      newClientCount: 0,
      quantityCassaNova: 2,
      quantityRecommended: 1,
      discountsProductsValue: 0,
      discountsProductsValueRec: 0,
    },
    serviceDataRecommendedCheckoutCassaNova: {
      amountCassaNova: services,
      amountRecommended: 0,
      appointmentCount: 2,
      newClientCount: extra.newClients ?? 0,
      quantityCassaNova: 2,
      quantityRecommended: 0,
      discountsServicesValue: extra.discount ?? 0,
      discountsServicesValueRec: 0,
      balanceClientCount: 1,
      lostClientCount: 0,
    },
  };
}

function totals(fromDate: string, toDate: string, services: number, products: number, recommended: number): RecapTotals {
  return {
    salonId: 1,
    fromDate,
    toDate,
    gender: 'ALL',
    lostClientDays: 180,
    servicesAmount: services,
    servicesAmountRecommended: 0,
    productsAmount: products,
    productsAmountRecommended: recommended,
    totalAmount: services + products,
    recommendedSharePercent: services + products ? Math.round((recommended / (services + products)) * 10000) / 100 : null,
    appointmentCount: 2,
    appointmentsDiscount: 1,
    servicesDiscount: 1,
    productsDiscount: 0,
    newClientCount: 1,
    balanceClientCount: 1,
    lostClientCount: 0,
  };
}

function response(days: RecapDay[], recapData: RecapTotals): SalonRecapResponse {
  return {
    reportDashboardDataDiscounts: [{ salonId: 1, fromDate: recapData.fromDate, toDate: recapData.toDate, dayFrom: days }],
    recapData,
  };
}

describe('addNumbers', () => {
  it('adds numbers and counts anything else as 0', () => {
    expect(addNumbers(2.5, 4)).toBe(6.5);
    expect(addNumbers(null, 4)).toBe(4);
    expect(addNumbers('12', 3)).toBe(3);
    expect(addNumbers(undefined, undefined)).toBe(0);
    expect(addNumbers(Number.NaN, 1)).toBe(1);
  });

  it('rounds to cents so that 0.1 + 0.2 stays 0.3', () => {
    expect(addNumbers(0.1, 0.2)).toBe(0.3);
  });
});

describe('mergeNumeric', () => {
  it('adds nested numbers, keeps strings from the existing value and fills what is missing', () => {
    const merged = mergeNumeric<Record<string, unknown>>(
      { day: '2026-03-01', a: 1, block: { x: 2, y: null, label: 'kept' } },
      { day: '2026-03-02', a: 'n/a', b: 5, block: { x: 3, y: 4, label: 'other' } },
    );
    // a: 1 + 0 (a string is 0); b: 0 + 5; block.x 2 + 3; block.y 0 + 4
    expect(merged).toEqual({ day: '2026-03-01', a: 1, b: 5, block: { x: 5, y: 4, label: 'kept' } });
  });
});

describe('mergeDays', () => {
  it('adds the numbers of a day seen twice and appends new days in arrival order', () => {
    const first = [day('2026-03-01', 100, 20), day('2026-03-02', 50, 0)];
    const second = [day('2026-03-02', 30, 10, { discount: 2 }), day('2026-03-03', 70, 5)];
    const merged = mergeDays(first, second);
    expect(merged.map((d) => d.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    const twice = merged[1] as RecapDay;
    // services 50 + 30, products 0 + 10, appointments 2 + 2 and 1 + 1, discount 0 + 2
    expect(twice.serviceDataRecommendedCheckoutCassaNova.amountCassaNova).toBe(80);
    expect(twice.productDataRecommendedCheckoutCassaNova.amountCassaNova).toBe(10);
    expect(twice.productDataRecommendedCheckoutCassaNova.amountRecommended).toBe(5);
    expect(twice.serviceDataRecommendedCheckoutCassaNova.appointmentCount).toBe(4);
    expect(twice.productDataRecommendedCheckoutCassaNova.appointmentCount).toBe(2);
    expect(twice.appointmentsDiscount).toBe(2);
    expect(twice.serviceDataRecommendedCheckoutCassaNova.balanceClientCount).toBe(2);
    // The other days are untouched.
    expect(merged[0]).toEqual(first[0]);
    expect(merged[2]).toEqual(second[1]);
  });

  it('does not change the lists it is given', () => {
    const first = [day('2026-03-01', 100, 20)];
    mergeDays(first, [day('2026-03-01', 1, 1)]);
    expect(first[0]?.serviceDataRecommendedCheckoutCassaNova.amountCassaNova).toBe(100);
  });
});

describe('mergeTotals', () => {
  it('adds amounts and counts, widens the range and recomputes the recommended share', () => {
    const march = totals('2026-03-01', '2026-03-31', 300, 100, 20);
    const april = totals('2026-04-01', '2026-04-15', 100, 100, 60);
    const merged = mergeTotals(march, april);
    // totalAmount 400 + 200 = 600; recommended 20 + 60 = 80; share 80 / 600 = 13.33 %
    expect(merged).toMatchObject({
      fromDate: '2026-03-01',
      toDate: '2026-04-15',
      totalAmount: 600,
      servicesAmount: 400,
      productsAmountRecommended: 80,
      recommendedSharePercent: 13.33,
      appointmentCount: 4,
      newClientCount: 2,
      lostClientDays: 180,
      gender: 'ALL',
      salonId: 1,
    });
  });

  it('keeps the share null when nothing was sold, and takes the first totals as they are', () => {
    const empty = totals('2026-03-01', '2026-03-31', 0, 0, 0);
    expect(mergeTotals(null, empty)).toBe(empty);
    expect(mergeTotals(empty, totals('2026-04-01', '2026-04-30', 0, 0, 0)).recommendedSharePercent).toBeNull();
  });
});

describe('recapReducer', () => {
  const march = response([day('2026-03-30', 100, 0), day('2026-03-31', 50, 10)], totals('2026-03-01', '2026-03-31', 150, 10, 5));
  const april = response([day('2026-04-01', 80, 0)], totals('2026-04-01', '2026-04-30', 80, 0, 0));

  it('merges responses into one set and counts them', () => {
    let state = initialRecapState();
    state = recapReducer(state, { type: 'merge', set: 'primary', response: march });
    expect(state.primary.loaded).toBe(1);
    state = recapReducer(state, { type: 'merge', set: 'primary', response: april });
    expect(state.primary.loaded).toBe(2);
    expect(state.primary.days.map((d) => d.day)).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    // 150 + 10 + 80 = 240
    expect(state.primary.totals?.totalAmount).toBe(240);
    expect(state.second).toEqual({ days: [], totals: null, loaded: 0 });
  });

  it('keeps the primary, second and gender sets apart', () => {
    let state = initialRecapState();
    state = recapReducer(state, { type: 'merge', set: 'primary', response: march });
    state = recapReducer(state, { type: 'merge', set: 'second', response: april });
    state = recapReducer(state, { type: 'merge', set: 'gender', response: april });
    state = recapReducer(state, { type: 'merge', set: 'gender', response: april });
    expect(state.primary.totals?.totalAmount).toBe(160);
    expect(state.second.totals?.totalAmount).toBe(80);
    // The same response twice: the day adds up (80 + 80) and the counter says 2.
    expect(state.gender.loaded).toBe(2);
    expect(state.gender.days).toHaveLength(1);
    expect(dayRevenue(state.gender.days[0] as RecapDay)).toBe(160);
  });

  it('resets one set, or every set and counter', () => {
    let state = initialRecapState();
    state = recapReducer(state, { type: 'merge', set: 'primary', response: march });
    state = recapReducer(state, { type: 'merge', set: 'second', response: april });
    const secondCleared = recapReducer(state, { type: 'reset', set: 'second' });
    expect(secondCleared.second.loaded).toBe(0);
    expect(secondCleared.primary.loaded).toBe(1);
    expect(recapReducer(state, { type: 'reset' })).toEqual(initialRecapState());
  });

  it('merges a response without days into the totals only', () => {
    const none = mergeRecapResponse(initialRecapState().primary, response([], totals('2026-05-01', '2026-05-31', 0, 0, 0)));
    expect(none).toMatchObject({ days: [], loaded: 1 });
  });
});

describe('comparisonRange', () => {
  it('gives the same number of days just before the range', () => {
    // 2026-03-01..2026-03-31 is 31 days: 2026-01-29..2026-02-28
    expect(comparisonRange({ fromDate: '2026-03-01', toDate: '2026-03-31' }, 'previous')).toEqual({
      fromDate: '2026-01-29',
      toDate: '2026-02-28',
    });
  });

  it('gives the same dates a year earlier, 29 February becoming the 28th', () => {
    expect(comparisonRange({ fromDate: '2024-02-29', toDate: '2024-03-05' }, 'lastYear')).toEqual({
      fromDate: '2023-02-28',
      toDate: '2023-03-05',
    });
    expect(comparisonRange({ fromDate: '2026-03-01', toDate: '2026-03-31' }, 'none')).toBeNull();
  });
});

describe('changePercent', () => {
  it('is the change relative to the base, null for a base of 0', () => {
    // (150 - 120) / 120 = 25 %
    expect(changePercent(150, 120)).toBe(25);
    expect(changePercent(90, 120)).toBe(-25);
    expect(changePercent(5, 0)).toBeNull();
  });
});

describe('the recap totals row', () => {
  const day = (
    date: string,
    revenue: number,
    services: number,
    products: number,
    discount: number,
    clients: [number, number, number],
  ): RecapRow => ({
    day: date,
    revenue,
    services,
    servicesRecommended: services / 10,
    products,
    productsRecommended: 0,
    serviceAppointments: 3,
    productQuantity: 2,
    newClients: clients[0],
    balanceClients: clients[1],
    lostClients: clients[2],
    discount,
  });

  it('adds every column of the days shown, to the cent', () => {
    const totals = recapTotalsOf([day('2026-11-02', 100.1, 80, 20.1, 0.1, [1, 2, 0]), day('2026-11-03', 50.2, 50, 0.2, 0.2, [0, 1, 1])]);
    expect(totals).toEqual({
      day: '',
      revenue: 150.3,
      services: 130,
      servicesRecommended: 13,
      products: 20.3,
      productsRecommended: 0,
      serviceAppointments: 6,
      productQuantity: 4,
      newClients: 1,
      balanceClients: 3,
      lostClients: 1,
      discount: 0.3, // 0.1 + 0.2, not 0.30000000000000004
    });
  });
});
