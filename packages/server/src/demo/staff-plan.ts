import type { Gender, Role } from '../db/database.js';
import { hashPassword } from '../lib/password.js';
import type { Cell } from './bulk-writer.js';
import { dayOf, isoFromDay, isPublicHoliday, localTimestamp, partsOf, weekdayOf } from './calendar.js';
import { FEMALE_NAMES, MALE_NAMES, PRODUCTS, SURNAMES } from './catalogue.js';
import { type Chain, type DayOff, nextId, PERMISSION_ID, phoneNumber, type Salon, type Shift, type Staff, slug } from './chain.js';
import { deriveSeed, Rng } from './random.js';

// The demo chain's people: staff with their permissions and contracts, their days off and requests, and the stock transfers between salons.

export async function buildStaff(chain: Chain): Promise<void> {
  const { rng } = chain;
  const used = new Set<string>();
  const demoHash = async () => hashPassword('demo');
  // Staff sign in with 'demo' too; one hash shared by all of them saves a slow scrypt each.
  const staffHash = await hashPassword('demo');
  const s1 = chain.salons[0]!;
  const s2 = chain.salons[1]!;
  const longAgo = chain.start - 400;

  const add = async (
    fields: Partial<Staff> & {
      username: string;
      salon: Salon | null;
      role: Role | null;
      firstName: string;
      lastName: string;
      gender: Gender;
    },
    passwordHash: string,
  ) => {
    used.add(fields.username);
    const staff: Staff = {
      id: nextId(chain.ids, 'users'),
      title: '',
      works: false,
      serves: false,
      startDay: longAgo - rng.int(0, 2500),
      endDay: null,
      partTimeDays: null,
      restDay: null,
      pattern: rng.int(0, 1),
      weight: 0.7 + rng.next() * 0.6,
      daysOff: [],
      offDays: new Set(),
      ...fields,
    };
    chain.staff.push(staff);
    const email = `${slug(staff.firstName)}.${slug(staff.lastName)}@salonidemo.it`;
    chain.writer.add('users', [
      staff.id,
      staff.salon?.id ?? null,
      staff.username,
      passwordHash,
      staff.firstName,
      staff.lastName,
      phoneNumber(rng),
      email,
      staff.title,
      '',
      staff.gender,
      isoFromDay(staff.startDay),
      staff.endDay === null ? null : isoFromDay(staff.endDay),
      rng.chance(0.3) ? 'it' : 'en',
      localTimestamp(isoFromDay(Math.max(staff.startDay, chain.start - 30)), 9 * 60),
    ]);
    if (staff.role) chain.writer.add('user_permissions', [nextId(chain.ids, 'user_permissions'), staff.id, PERMISSION_ID[staff.role]]);
    return staff;
  };

  const superadmin = await add(
    {
      username: 'superadmin',
      salon: null,
      role: 'SUPERADMIN',
      firstName: 'Alessandra',
      lastName: 'Conti',
      gender: 'FEMALE',
      title: 'Direzione',
    },
    await demoHash(),
  );
  chain.superadminId = superadmin.id;
  const manager = await add(
    {
      username: 'manager',
      salon: s1,
      role: 'ADMIN',
      firstName: 'Marco',
      lastName: 'Bianchi',
      gender: 'MALE',
      title: 'Direttore di salone',
      works: true,
    },
    await demoHash(),
  );
  await add(
    {
      username: 'reception',
      salon: s1,
      role: 'RECEPTIONIST',
      firstName: 'Sara',
      lastName: 'Ferri',
      gender: 'FEMALE',
      title: 'Receptionist',
      works: true,
    },
    await demoHash(),
  );
  await add(
    { username: 'marketing', salon: s1, role: 'SALESMARKETING', firstName: 'Paolo', lastName: 'Galli', gender: 'MALE', title: 'Marketing' },
    await demoHash(),
  );
  await add(
    {
      username: 'stylist',
      salon: s1,
      role: 'IMAGE',
      firstName: 'Giulia',
      lastName: 'Romano',
      gender: 'FEMALE',
      title: 'Senior stylist',
      works: true,
      serves: true,
      weight: 1.3,
    },
    await demoHash(),
  );
  await add(
    {
      username: 'assistant',
      salon: s1,
      role: 'ASSISTANCE',
      firstName: 'Noemi',
      lastName: 'Greco',
      gender: 'FEMALE',
      title: 'Assistente',
      works: true,
      serves: true,
    },
    await demoHash(),
  );
  const manager2 = await add(
    {
      username: 'manager2',
      salon: s2,
      role: 'ADMIN',
      firstName: 'Chiara',
      lastName: 'Moretti',
      gender: 'FEMALE',
      title: 'Direttrice di salone',
      works: true,
    },
    await demoHash(),
  );
  await add(
    { username: 'noroles', salon: s1, role: null, firstName: 'Luca', lastName: 'Fontana', gender: 'MALE', title: 'Stagista' },
    await demoHash(),
  );
  s1.adminId = manager.id;
  s2.adminId = manager2.id;

  const person = (gender: Gender) => {
    for (;;) {
      const firstName = rng.pick(gender === 'FEMALE' ? FEMALE_NAMES : MALE_NAMES);
      const lastName = rng.pick(SURNAMES);
      const username = `${slug(firstName)}.${slug(lastName)}`;
      if (!used.has(username)) return { firstName, lastName, username, gender };
    }
  };

  for (const salon of chain.salons) {
    const openDays = salon.hours.flatMap((h, weekday) => (h ? [weekday] : []));
    const restCandidates = openDays.filter((weekday) => weekday !== 6);
    const restDay = () => (openDays.length > 5 ? rng.pick(restCandidates) : null);
    if (salon.adminId === 0) {
      const admin = await add(
        { ...person(rng.chance(0.6) ? 'FEMALE' : 'MALE'), salon, role: 'ADMIN', title: 'Direttore di salone', works: true },
        staffHash,
      );
      salon.adminId = admin.id;
    }
    if (salon.index !== 0) {
      await add({ ...person('FEMALE'), salon, role: 'RECEPTIONIST', title: 'Receptionist', works: true, restDay: restDay() }, staffHash);
    }
    const stylists = Math.round(6 * salon.size) - (salon.index === 0 ? 1 : 0);
    const assistants = Math.round(3 * salon.size) - (salon.index === 0 ? 1 : 0);
    const joiner = rng.int(0, stylists - 1);
    const leaver = stylists >= 6 ? (joiner + 1) % stylists : -1;
    for (let i = 0; i < stylists + assistants; i++) {
      const isStylist = i < stylists;
      const fields: Partial<Staff> = {};
      // One stylist joined during the history, one left (employment_start / employment_end).
      if (i === joiner) fields.startDay = chain.start + Math.floor((chain.today - chain.start) * (0.3 + 0.4 * rng.next()));
      if (i === leaver) fields.endDay = chain.start + Math.floor((chain.today - chain.start) * (0.4 + 0.4 * rng.next()));
      if (rng.chance(0.15)) {
        // Part-timers: Saturday and two other open days.
        const others = openDays.filter((d) => d !== 6);
        const first = rng.pick(others);
        const second = rng.pick(others.filter((d) => d !== first));
        fields.partTimeDays = [first, second, 6];
      } else fields.restDay = restDay();
      await add(
        {
          ...person(rng.chance(isStylist ? 0.75 : 0.85) ? 'FEMALE' : 'MALE'),
          salon,
          role: isStylist ? 'IMAGE' : 'ASSISTANCE',
          title: isStylist ? rng.pick(['Stilista', 'Senior stylist', 'Colorista', 'Hair stylist']) : 'Assistente',
          works: true,
          serves: true,
          ...fields,
        },
        staffHash,
      );
    }
  }
  for (const staff of chain.staff) {
    if (staff.salon && staff.works && staff.restDay === null && staff.partTimeDays === null) {
      const openDays = staff.salon.hours.filter((h) => h !== null).length;
      if (openDays > 5) staff.restDay = rng.pick(staff.salon.hours.flatMap((h, weekday) => (h && weekday !== 6 ? [weekday] : [])));
    }
  }
}

/** The DAY_OFF columns of a request row after created_at: kind, part, hours, and no wanted shift. */
function dayOffRequestFields(part: DayOff['part'], hours: [string, string] | null): Cell[] {
  return ['DAY_OFF', part, hours?.[0] ?? null, hours?.[1] ?? null, null, null, null];
}

/** Holidays, sick days and permits per working staff member, with the requests that led to them. */
export function planDaysOff(chain: Chain): void {
  const { rng } = chain;
  const firstYear = partsOf(chain.start).year;
  const lastYear = partsOf(chain.end).year;
  for (const staff of chain.staff) {
    if (!staff.works || !staff.salon) continue;
    const salon = staff.salon;
    const blocks: DayOff[] = [];
    const free = (start: number, end: number) => blocks.every((b) => end < b.start - 1 || start > b.end + 1);
    const tryAdd = (start: number, length: number, type: DayOff['type']) => {
      const end = start + length - 1;
      if (start < chain.start || start > chain.end || !free(start, end)) return;
      if (start < staff.startDay || (staff.endDay !== null && end > staff.endDay)) return;
      // A one-day permit is asked for a day the person would work: not a closed day or their rest day.
      if (type === 'PERMIT' && (!salon.hours[weekdayOf(start)] || isPublicHoliday(start) || weekdayOf(start) === staff.restDay)) return;
      blocks.push({ start, end, type, part: 'FULL_DAY', hours: null });
    };
    for (let year = firstYear; year <= lastYear; year++) {
      tryAdd(dayOf(year, 3, 1) + rng.int(0, 110), rng.int(5, 8), 'HOLIDAY');
      tryAdd(dayOf(year, 9, 5) + rng.int(0, 75), rng.int(3, 6), 'HOLIDAY');
      for (let k = rng.count(1.6); k > 0; k--) tryAdd(dayOf(year, 1, 1) + rng.int(0, 364), rng.int(1, 4), 'SICK');
      for (let k = rng.count(2); k > 0; k--) tryAdd(dayOf(year, 1, 1) + rng.int(0, 364), 1, 'PERMIT');
    }
    blocks.sort((a, b) => a.start - b.start);
    // One-day permits: some are hours, some a half-day holiday (their own random stream, so the
    // chain's draws and everything planned from them stay as they were).
    const partRng = new Rng(deriveSeed(chain.seed, 100_000 + staff.id));
    for (const block of blocks) {
      if (block.type !== 'PERMIT' || block.end !== block.start) continue;
      const draw = partRng.next();
      if (draw < 0.4) {
        block.part = 'HOURS';
        block.hours = partRng.chance(0.5) ? ['09:00', '11:00'] : ['15:00', '18:00'];
      } else if (draw < 0.65) {
        block.type = 'HOLIDAY';
        block.part = partRng.chance(0.5) ? 'MORNING' : 'AFTERNOON';
      }
    }
    staff.daysOff = blocks;
    for (const block of blocks) {
      for (let d = block.start; d <= block.end; d++) staff.offDays.add(d);
      const requestId = block.type === 'SICK' ? null : nextId(chain.ids, 'user_shift_requests');
      chain.writer.add('user_shifts', [
        salon.id,
        nextId(chain.ids, 'user_shifts'),
        staff.id,
        isoFromDay(block.start),
        isoFromDay(block.end),
        block.type,
        block.type === 'SICK' ? 'Certificato medico' : block.type === 'PERMIT' ? 'Permesso personale' : 'Ferie',
        block.part,
        block.hours?.[0] ?? null,
        block.hours?.[1] ?? null,
        requestId,
      ]);
      if (requestId === null) continue;
      const created = block.start - rng.int(15, 45);
      const deciderId = staff.id === salon.adminId ? chain.superadminId : salon.adminId;
      chain.writer.add('user_shift_requests', [
        salon.id,
        requestId,
        staff.id,
        isoFromDay(block.start),
        isoFromDay(block.end),
        block.type,
        block.type === 'HOLIDAY' ? 'Ferie' : 'Visita medica',
        'APPROVED',
        deciderId,
        localTimestamp(isoFromDay(created + rng.int(1, 3)), rng.int(540, 1080)),
        localTimestamp(isoFromDay(created), rng.int(540, 1080)),
        ...dayOffRequestFields(block.part, block.hours),
      ]);
    }
    // Refused requests (the salon was too busy), one every year or two.
    for (let year = firstYear; year <= lastYear; year++) {
      if (!rng.chance(0.6)) continue;
      const start = dayOf(year, 11, 20) + rng.int(0, 30);
      const created = start - rng.int(20, 40);
      if (created >= chain.today || start < chain.start || start < staff.startDay) continue;
      const deciderId = staff.id === salon.adminId ? chain.superadminId : salon.adminId;
      chain.writer.add('user_shift_requests', [
        salon.id,
        nextId(chain.ids, 'user_shift_requests'),
        staff.id,
        isoFromDay(start),
        isoFromDay(start + rng.int(1, 5)),
        'HOLIDAY',
        'Ferie natalizie',
        'REJECTED',
        deciderId,
        localTimestamp(isoFromDay(created + 2), rng.int(540, 1080)),
        localTimestamp(isoFromDay(created), rng.int(540, 1080)),
        ...dayOffRequestFields('FULL_DAY', null),
      ]);
    }
  }
  // Open requests waiting for a decision, and one just refused, in every salon.
  for (const salon of chain.salons) {
    const candidates = chain.staff.filter((s) => s.salon === salon && s.serves && s.endDay === null);
    const refused = candidates[1 % candidates.length];
    if (refused) {
      const start = chain.today + rng.int(5, 30);
      const created = chain.today - rng.int(3, 15);
      chain.writer.add('user_shift_requests', [
        salon.id,
        nextId(chain.ids, 'user_shift_requests'),
        refused.id,
        isoFromDay(start),
        isoFromDay(start + rng.int(1, 4)),
        'HOLIDAY',
        'Ponte',
        'REJECTED',
        salon.adminId,
        localTimestamp(isoFromDay(created + 1), rng.int(540, 1080)),
        localTimestamp(isoFromDay(created), rng.int(540, 1080)),
        ...dayOffRequestFields('FULL_DAY', null),
      ]);
    }
    for (let k = 0; k < 3 && candidates.length > 0; k++) {
      const staff = candidates[(k * 3) % candidates.length]!;
      let start = chain.today + rng.int(20, 90);
      const type = k === 2 ? 'PERMIT' : 'HOLIDAY';
      const span = type === 'PERMIT' ? 0 : rng.int(3, 7);
      // A pending request never overlaps a day off the person already has (the API refuses that): move it past them.
      while (staff.daysOff.some((b) => b.start <= start + span && b.end >= start)) start += 7;
      chain.writer.add('user_shift_requests', [
        salon.id,
        nextId(chain.ids, 'user_shift_requests'),
        staff.id,
        isoFromDay(start),
        isoFromDay(start + span),
        type,
        type === 'PERMIT' ? 'Trasloco' : 'Vacanza',
        'PENDING',
        null,
        null,
        localTimestamp(isoFromDay(chain.today - rng.int(1, 10)), rng.int(540, 1080)),
        ...dayOffRequestFields(type === 'PERMIT' ? 'HOURS' : 'FULL_DAY', type === 'PERMIT' ? ['14:00', '17:00'] : null),
      ]);
    }
  }
}

export type ShiftChangeState = 'APPROVED' | 'REJECTED' | 'PENDING';

/**
 * Shift-change requests in every state, once per salon, on the first open day from a target
 * (no random draws, so the rest of the chain is unchanged): APPROVED 12 days ago (the shift as
 * written is the one asked for), REJECTED 30 days ago (an hour later was asked), PENDING a week
 * ahead (an hour earlier). Each names the shift it would replace; the person is never the admin.
 */
export function writeShiftChangeRequests(
  chain: Chain,
  salon: Salon,
  day: number,
  onShift: Shift[],
  shiftIds: Map<number, number>,
  done: Set<ShiftChangeState>,
): void {
  const targets: [ShiftChangeState, number, number][] = [
    ['REJECTED', chain.today - 30, 60],
    ['APPROVED', chain.today - 12, 0],
    ['PENDING', chain.today + 7, -60],
  ];
  for (const [state, from, shiftBy] of targets) {
    if (done.has(state) || day < from) continue;
    const shift = onShift.find((s) => s.staff.serves && s.staff.id !== salon.adminId);
    const shiftId = shift ? shiftIds.get(shift.staff.id) : undefined;
    if (!shift || shiftId === undefined) continue;
    done.add(state);
    const iso = isoFromDay(day);
    const pending = state === 'PENDING';
    chain.writer.add('user_shift_requests', [
      salon.id,
      nextId(chain.ids, 'user_shift_requests'),
      shift.staff.id,
      iso,
      iso,
      null,
      state === 'PENDING' ? 'Posso iniziare prima?' : state === 'APPROVED' ? 'Scambio con una collega' : 'Appuntamento dal medico',
      state,
      pending ? null : salon.adminId,
      pending ? null : localTimestamp(isoFromDay(day - 3), 600),
      localTimestamp(isoFromDay(pending ? chain.today - 1 : day - 5), 615),
      'SHIFT_CHANGE',
      null,
      null,
      null,
      localTimestamp(iso, shift.start + shiftBy),
      localTimestamp(iso, shift.end + shiftBy),
      shiftId,
    ]);
  }
}

/** Stock moved between salons now and then: the same quantity out of one and into another. */
export function planTransfers(chain: Chain): void {
  const { rng, salons } = chain;
  const resale = PRODUCTS.flatMap((p, index) => (p.category === 'RESALE' ? [index + 1] : []));
  for (let day = chain.start + 20; day <= chain.today; day += rng.int(40, 80)) {
    const from = rng.int(0, salons.length - 1);
    const to = (from + rng.int(1, salons.length - 1)) % salons.length;
    const productId = rng.pick(resale);
    const quantity = rng.int(2, 6);
    // Moved on a Wednesday: every salon is open then.
    const wednesday = day + ((3 - weekdayOf(day) + 7) % 7);
    if (wednesday > chain.today) break;
    const push = (salon: Salon, signed: number, note: string) => {
      const list = chain.transfers.get(salon.id) ?? [];
      list.push({ day: wednesday, productId, quantity: signed, note });
      chain.transfers.set(salon.id, list);
    };
    push(salons[from]!, -quantity, `Trasferimento a ${salons[to]!.name}`);
    push(salons[to]!, quantity, `Trasferimento da ${salons[from]!.name}`);
  }
}

/** Chance that a line of each kind was recommended by the staff member (overall about 10 %). */
