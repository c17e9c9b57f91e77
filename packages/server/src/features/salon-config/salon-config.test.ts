import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSalonConfig } from '../../lib/salon-config.query.js';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof seedAccessFixture>>;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await seedAccessFixture(t.db);
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
/** First day of the month six months before today's month, worked out on the calendar. */
function sixMonthsBefore(today: string): string {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7)) - 6;
  if (month < 1) {
    month += 12;
    year -= 1;
  }
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

describe('defaults', () => {
  it('start the period on the 1st of the month six months back', () => {
    expect(defaultSalonConfig(1, 'treatment', '2026-11-22').periodStartDate).toBe('2026-05-01');
    expect(defaultSalonConfig(1, 'treatment', '2026-03-31').periodStartDate).toBe('2025-09-01');
    expect(defaultSalonConfig(1, 'treatment', '2026-06-01').periodStartDate).toBe('2025-12-01');
  });

  it('are answered for every product when nothing is stored, with the product-specific names', async () => {
    const names = {
      Treatment: ['salonConfigTreatmentId', 'targetTreatment'],
      Colour: ['salonConfigColourId', 'targetColor'],
      Haircut: ['salonConfigHaircutId', 'targetHaircut'],
      Resale: ['salonConfigResaleId', 'targetResale'],
      Styling: ['salonConfigStylingId', 'targetstyling'],
    };
    for (const [product, [idKey, targetKey]] of Object.entries(names)) {
      const res = await t.app.inject({ method: 'GET', url: `/api/SalonConfig${product}/${manager}/${fixture.salon1}` });
      expect(res.statusCode, product).toBe(200);
      expect(res.json()).toEqual({
        [idKey as string]: null,
        salonId: fixture.salon1,
        reachTargetMonths: 12,
        targetMonths: 6,
        periodStartDate: sixMonthsBefore(romeToday()),
        isDefault: true,
        target: 60,
        [targetKey as string]: 60,
      });
    }
  });

  it('are readable by ADMIN and SUPERADMIN only (admin menu level), never another salon', async () => {
    for (const [user, status] of [
      ['superadmin', 200],
      ['reception', 403],
      ['marketing', 403],
      ['stylist', 403],
      ['assistant', 403],
    ] as const) {
      const code = await signIn(t.app, user);
      const res = await t.app.inject({ method: 'GET', url: `/api/SalonConfigHaircut/${code}/${fixture.salon1}` });
      expect(res.statusCode, user).toBe(status);
    }
    const other = await t.app.inject({ method: 'GET', url: `/api/SalonConfigHaircut/${manager}/${fixture.salon2}` });
    expect(other.statusCode).toBe(403);
    const noRoles = await signIn(t.app, 'noroles');
    expect((await t.app.inject({ method: 'GET', url: `/api/SalonConfigHaircut/${noRoles}/${fixture.salon1}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/SalonConfigHaircut/${'x'.repeat(30)}/${fixture.salon1}` })).statusCode).toBe(
      401,
    );
  });
});

describe('save', () => {
  it('inserts, moves the start to the 1st of its month, keeps omitted fields, then updates the same row', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/SalonConfigColour/${manager}`,
      payload: { salonId: fixture.salon1, targetColor: 70, periodStartDate: '2026-03-15', reachTargetMonths: 9 },
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json();
    expect(saved).toMatchObject({
      salonId: fixture.salon1,
      target: 70,
      targetColor: 70,
      periodStartDate: '2026-03-01',
      reachTargetMonths: 9,
      targetMonths: 6,
      isDefault: false,
    });
    expect(saved.salonConfigColourId).toEqual(expect.any(Number));

    const second = await t.app.inject({
      method: 'POST',
      url: `/api/SalonConfigColour/${manager}`,
      payload: { salonId: fixture.salon1, target: 65.5 },
    });
    expect(second.json()).toMatchObject({
      salonConfigColourId: saved.salonConfigColourId,
      target: 65.5,
      periodStartDate: '2026-03-01',
      reachTargetMonths: 9,
    });

    const read = await t.app.inject({ method: 'GET', url: `/api/SalonConfigColour/${manager}/${fixture.salon1}` });
    expect(read.json()).toMatchObject({
      salonConfigColourId: saved.salonConfigColourId,
      target: 65.5,
      targetColor: 65.5,
      isDefault: false,
    });
    // The other products keep their defaults.
    const treatment = await t.app.inject({ method: 'GET', url: `/api/SalonConfigTreatment/${manager}/${fixture.salon1}` });
    expect(treatment.json()).toMatchObject({ salonConfigTreatmentId: null, isDefault: true });
  });

  it('accepts the lower-case targetstyling name and lets a superadmin save for any salon', async () => {
    const superadmin = await signIn(t.app, 'superadmin');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/SalonConfigStyling/${superadmin}`,
      payload: { salonId: fixture.salon2, targetstyling: 40, targetMonths: 3, reachTargetMonths: 6, periodStartDate: '2026-01-01' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ salonId: fixture.salon2, target: 40, targetstyling: 40, targetMonths: 3, reachTargetMonths: 6 });
  });

  it('answers 400 naming the field when a value is out of range or inconsistent', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ target: 101 }, 'target'],
      [{ target: -1 }, 'target'],
      [{ targetResale: 100.5 }, 'targetResale'],
      [{ reachTargetMonths: 0 }, 'reachTargetMonths'],
      [{ reachTargetMonths: 37 }, 'reachTargetMonths'],
      [{ targetMonths: 37 }, 'targetMonths'],
      [{ targetMonths: 2.5 }, 'targetMonths'],
      [{ periodStartDate: '2026-02-30' }, 'periodStartDate'],
      [{ periodStartDate: '01/03/2026' }, 'periodStartDate'],
      [{ target: 50, targetResale: 55 }, 'targetResale'],
    ];
    for (const [fields, parameter] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/SalonConfigResale/${manager}`,
        payload: { salonId: fixture.salon1, ...fields },
      });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().parameter, JSON.stringify(fields)).toBe(parameter);
    }
    const missing = await t.app.inject({ method: 'POST', url: `/api/SalonConfigResale/${manager}`, payload: { target: 50 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().parameter).toBe('salonId');
    // Nothing was stored by the refused calls.
    const read = await t.app.inject({ method: 'GET', url: `/api/SalonConfigResale/${manager}/${fixture.salon1}` });
    expect(read.json()).toMatchObject({ isDefault: true, target: 60 });
  });

  it('is refused to roles other than ADMIN and SUPERADMIN, and for another salon', async () => {
    for (const user of ['reception', 'marketing', 'stylist', 'assistant']) {
      const code = await signIn(t.app, user);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/SalonConfigTreatment/${code}`,
        payload: { salonId: fixture.salon1, target: 50 },
      });
      expect(res.statusCode, user).toBe(403);
    }
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/SalonConfigTreatment/${manager}`,
      payload: { salonId: fixture.salon2, target: 50 },
    });
    expect(other.statusCode).toBe(403);
  });

  it('answers 404 for a salon that does not exist (superadmin)', async () => {
    const superadmin = await signIn(t.app, 'superadmin');
    const res = await t.app.inject({ method: 'GET', url: `/api/SalonConfigTreatment/${superadmin}/999999` });
    expect(res.statusCode).toBe(404);
  });
});
