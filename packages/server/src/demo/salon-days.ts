import type { Gender } from '../db/database.js';
import { isoFromDay, localTimestamp, partsOf, weekdayOf } from './calendar.js';
import { EMAIL_DOMAINS, FEEDBACK_COMMENTS, NPS_COMMENTS, PRODUCTS, S, SERVICES } from './catalogue.js';
import {
  addSold,
  BASE_APPOINTMENTS,
  type Chain,
  cents,
  closedOn,
  nextId,
  phoneNumber,
  type Salon,
  SEASON_FACTOR,
  type Shift,
  type Staff,
  slug,
  WEEKDAY_FACTOR,
} from './chain.js';
import {
  chooseServices,
  clientGender,
  type DemoClient,
  DueQueue,
  firstServices,
  isChild,
  MAX_OVERDUE_DAYS,
  NameBook,
  newProfile,
  pickResale,
  recordVisit,
  secondRecord,
} from './clients.js';
import { deriveSeed, Rng, WeightedPicker } from './random.js';
import { type ShiftChangeState, writeShiftChangeRequests } from './staff-plan.js';

// A demo salon's days: clients, appointments, sale lines, feedback, NPS, stock, shifts and attendance.

const RECOMMENDED: Record<string, number> = { TREATMENT: 0.35, COLOUR: 0.07, HAIRCUT: 0.02, STYLING: 0.04, RESALE: 0.5 };
/** Back-bar consumption per service: product name -> units. */
const USAGE: Record<string, [string, number][]> = {
  Colore: [
    ['Majirel colore in crema 50 ml', 1.5],
    ['Ossidante Oxydant 20 vol 1 l', 0.08],
    ['Guanti monouso (100 pezzi)', 0.02],
    ['Olaplex N.1 Bond Multiplier 525 ml', 0.01],
  ],
  'Ritocco radice': [
    ['Majirel colore in crema 50 ml', 1],
    ['Ossidante Oxydant 20 vol 1 l', 0.05],
    ['Guanti monouso (100 pezzi)', 0.02],
  ],
  'Colore uomo': [
    ['Majirel colore in crema 50 ml', 0.6],
    ['Ossidante Oxydant 20 vol 1 l', 0.03],
  ],
  Meches: [
    ['Blond Studio decolorante 500 g', 0.15],
    ['Carta stagnola rotolo 100 m', 0.05],
    ['Ossidante Oxydant 20 vol 1 l', 0.1],
    ['Olaplex N.1 Bond Multiplier 525 ml', 0.03],
  ],
  Balayage: [
    ['Blond Studio decolorante 500 g', 0.15],
    ['Ossidante Oxydant 20 vol 1 l', 0.1],
    ['Olaplex N.1 Bond Multiplier 525 ml', 0.03],
  ],
  Tonalizzante: [['Dia Light tonalizzante 50 ml', 1]],
  Shampoo: [['Shampoo professionale 1,5 l', 0.02]],
  'Trattamento ristrutturante': [['Maschera professionale 1 l', 0.03]],
  'Maschera idratante': [['Maschera professionale 1 l', 0.03]],
};
export const PRODUCT_ID = Object.fromEntries(PRODUCTS.map((p, index) => [p.name, index + 1])) as Record<string, number>;
const SERVICE_USAGE: [number, number][][] = SERVICES.map((service) =>
  (USAGE[service.name] ?? []).map(([name, units]) => [PRODUCT_ID[name]!, units]),
);
/** Share of returning visits at which the client is registered a second time (a likely duplicate). */
const DUPLICATE_SHARE = 0.002;
/** Share of appointments booked by a new client. */
const NEW_CLIENT_SHARE = 0.085;
/**
 * Clients on the books of a salon of size 1 at density 1 when the history starts: about the
 * appointments of one day (74) times the days between two visits (45).
 */
const CLIENTELE = 3300;
const FEEDBACK_SCORE = new WeightedPicker([1, 2, 3, 4, 5], [2, 4, 10, 30, 54]);
const NPS_SCORE = new WeightedPicker([0, 2, 4, 5, 6, 7, 8, 9, 10], [1, 1, 2, 3, 6, 10, 16, 26, 35]);

/** Everything that happens in one salon, day by day: shifts, attendance, appointments, sales, stock. */
export async function generateSalon(chain: Chain, salon: Salon): Promise<void> {
  const rng = new Rng(deriveSeed(chain.seed, salon.id));
  // Its own stream, so the manager's corrections leave every other generated value as it was.
  const corrections = new Rng(deriveSeed(chain.seed, salon.id, 11));
  // Every salon's sheet shows, in its last days, one forgotten clock-out still open (for the
  // manager to correct) and, a few days earlier, one the manager has already closed.
  let hasRecentForgotten = false;
  let hasRecentCorrected = false;
  const { writer, ids, today } = chain;
  const sid = salon.id;
  const staff = chain.staff.filter((s) => s.salon === salon && s.works);
  const names = new NameBook();
  /** Clients who will come back, by the day they are due. */
  const queue = new DueQueue();
  /** Adults who have come at least once: a walk-in buyer is sometimes one of them. */
  const regulars: DemoClient[] = [];
  const stock = new Map<number, number>();
  const usage = new Map<number, number>();
  const soldToday = new Map<number, number>();
  const transfers = chain.transfers.get(sid) ?? [];
  let transferIndex = 0;
  const shiftChanges = new Set<ShiftChangeState>();
  /** Per client: their last DONE visit (day, main staff member, end minute). */
  const lastDone = new Map<number, { day: number; staffId: number; endMinute: number }>();

  const reorderLevel = (productId: number) => {
    const p = PRODUCTS[productId - 1]!;
    return Math.ceil((p.category === 'RESALE' ? 6 + p.weight * 2 : 4 + p.weight * 3) * Math.max(0.3, salon.size * chain.density));
  };
  const movement = (productId: number, iso: string, type: string, quantity: number, note: string) => {
    stock.set(productId, (stock.get(productId) ?? 0) + quantity);
    writer.add('stock_movements', [
      sid,
      nextId(ids, 'stock_movements'),
      productId,
      iso,
      type,
      quantity,
      cents(PRODUCTS[productId - 1]!.costEuros),
      note,
    ]);
  };

  /** A person with a name and contacts, not yet on file; `same` is someone on file already (to be registered twice). */
  const newPerson = (day: number, gender: Gender | null, same?: DemoClient): DemoClient => {
    const id = nextId(ids, 'clients');
    // A likely duplicate: the same person registered twice (same name and phone or e-mail).
    if (same) return secondRecord(same, id);
    const client = newProfile(rng, id, day, gender);
    const { firstName, lastName } = names.draw(rng, client.gender);
    const phone = rng.chance(0.9) ? phoneNumber(rng) : null;
    let email: string | null = null;
    if (rng.chance(0.7)) {
      const local = `${slug(firstName)}.${slug(lastName)}${rng.chance(0.5) ? rng.int(1, 99) : ''}`;
      const r = rng.next();
      // About 2 % of the e-mails are malformed (a data-quality finding).
      email =
        r < 0.01
          ? `${local}@${rng.pick(EMAIL_DOMAINS).split('.')[0]}`
          : r < 0.02
            ? `${local}.${rng.pick(EMAIL_DOMAINS)}`
            : `${local}@${rng.pick(EMAIL_DOMAINS)}`;
    }
    client.firstName = firstName;
    client.lastName = lastName;
    client.phone = phone;
    client.email = email;
    return client;
  };
  /** Puts a person on file at their first booking: the clients row, created by the staff member of that appointment. */
  const register = (client: DemoClient, firstVisit: string | null, createdAt: string, createdBy: number): void => {
    client.registered = true;
    const near = rng.chance(0.75);
    const privacy = rng.chance(0.92);
    writer.add('clients', [
      sid,
      client.id,
      client.firstName,
      client.lastName,
      client.gender,
      client.birthDay === null ? null : isoFromDay(client.birthDay),
      client.phone,
      client.email,
      rng.chance(0.9) ? salon.city : null,
      near ? salon.postalCode : `${salon.postalCode.slice(0, 3)}${String(rng.int(10, 99))}`,
      Math.round((salon.latitude + rng.gauss() * (near ? 0.01 : 0.05)) * 1e6) / 1e6,
      Math.round((salon.longitude + rng.gauss() * (near ? 0.01 : 0.05)) * 1e6) / 1e6,
      privacy,
      privacy && rng.chance(0.65),
      firstVisit,
      createdAt,
      createdBy,
    ]);
  };

  // The salon's clientele when the history starts: people who come back every few weeks. They
  // go on file at their first visit in the history (first_visit is the first DONE appointment).
  for (let k = Math.round(CLIENTELE * salon.size * chain.density); k > 0; k--) {
    const gender = clientGender(rng);
    const client = newPerson(chain.start, gender);
    client.due = chain.start + rng.int(0, client.returnDays - 1);
    client.lastVisit = client.due - client.returnDays;
    client.last.fill(client.lastVisit);
    client.visits = rng.int(2, 12);
    queue.push(client);
  }

  for (let day = chain.start; day <= chain.end; day++) {
    const iso = isoFromDay(day);
    const weekday = weekdayOf(day);
    const { year, month, dayOfMonth } = partsOf(day);
    const monthIndex = year * 12 + month - 1;
    const isPast = day <= today;
    while (transferIndex < transfers.length && transfers[transferIndex]!.day <= day) {
      const t = transfers[transferIndex++]!;
      if (t.day === day) movement(t.productId, iso, 'TRANSFER', t.quantity, t.note);
    }
    const hours = salon.hours[weekday];
    if (!hours || closedOn(salon, day)) continue;
    const [open, close] = hours;

    // Shifts (and attendance up to today).
    const week = Math.floor((day + 3) / 7);
    const onShift: Shift[] = [];
    const shiftIds = new Map<number, number>();
    for (const member of staff) {
      if (day < member.startDay || (member.endDay !== null && day > member.endDay) || member.offDays.has(day)) continue;
      if (member.partTimeDays ? !member.partTimeDays.includes(weekday) : member.restDay === weekday) continue;
      let start = open;
      let end = close;
      // Early and late weeks alternate: each weekday is then a fortnightly series; otherwise a weekly one.
      let alternates = false;
      if (member.partTimeDays && close - open > 300) {
        alternates = true;
        if ((week + member.pattern) % 2 === 0) end = open + 300;
        else start = close - 300;
      } else if (member.serves && close - open >= 540) {
        alternates = true;
        if ((week + member.pattern) % 2 === 0) end = close - 60;
        else start = open + 60;
      }
      onShift.push({ staff: member, start, end });
      const shiftId = nextId(ids, 'user_timeframes');
      shiftIds.set(member.id, shiftId);
      writer.add('user_timeframes', [
        sid,
        shiftId,
        member.id,
        localTimestamp(iso, start),
        localTimestamp(iso, end),
        '',
        alternates ? `demo-${member.id}-${weekday}-${week % 2}` : `demo-${member.id}-${weekday}`,
        alternates ? 'FORTNIGHTLY' : 'WEEKLY',
      ]);
      if (!isPast || rng.chance(0.03)) continue;
      const clockIn = start - 8 + Math.round(rng.gauss() * 5);
      const source = rng.chance(0.9) ? 'APP' : rng.chance(0.8) ? 'BADGE' : 'MANUAL';
      let clockOut = day === today || rng.chance(0.01) ? null : localTimestamp(iso, end + rng.int(-5, 15), rng.int(0, 59));
      const clockInAt = localTimestamp(iso, clockIn, rng.int(0, 59));
      const attendanceId = nextId(ids, 'attendances');
      const isStaff = member.id !== salon.adminId;
      let leaveOpen = false;
      let correct = false;
      if (isStaff && !hasRecentForgotten && day < today && day >= today - 4) {
        clockOut = null;
        leaveOpen = hasRecentForgotten = true;
      } else if (isStaff && !hasRecentCorrected && day < today - 4 && day >= today - 10) {
        clockOut = null;
        correct = hasRecentCorrected = true;
      }
      // About half the other forgotten clock-outs of past days were closed by the manager the next morning, at the shift's end.
      if (clockOut === null && day < today && !leaveOpen && (correct || corrections.chance(0.5))) {
        clockOut = localTimestamp(iso, end);
        writer.add('attendance_corrections', [
          sid,
          nextId(ids, 'attendance_corrections'),
          attendanceId,
          member.id,
          'CHANGE',
          salon.adminId,
          localTimestamp(isoFromDay(day + 1), 540 + corrections.int(0, 30)),
          clockInAt,
          null,
          clockInAt,
          clockOut,
          corrections.pick(FORGOTTEN_CLOCK_OUT_REASONS),
        ]);
      }
      writer.add('attendances', [sid, attendanceId, member.id, clockInAt, clockOut, source]);
    }
    writeShiftChangeRequests(chain, salon, day, onShift, shiftIds, shiftChanges);
    const servers = onShift.filter((s) => s.staff.serves);
    if (servers.length === 0) continue;
    const stylists = servers.filter((s) => s.staff.role === 'IMAGE');
    const assistants = servers.filter((s) => s.staff.role === 'ASSISTANCE');
    const stylistPicker = new WeightedPicker(
      stylists,
      stylists.map((s) => s.staff.weight),
    );

    const years = (day - chain.start) / 365.25;
    let expected =
      BASE_APPOINTMENTS * salon.size * chain.density * WEEKDAY_FACTOR[weekday]! * SEASON_FACTOR[month - 1]! * (1 + 0.05 * years);
    if (close - open < 360) expected *= 0.5;
    if (!isPast) expected *= Math.max(0.2, 0.95 - 0.05 * (day - today));
    const count = rng.count(expected);

    for (let n = 0; n < count; n++) {
      const main = stylists.length > 0 && rng.chance(0.92) ? stylistPicker.pick(rng) : rng.pick(servers);
      const maxMinutes = main.end - main.start;
      const r = rng.next();
      const status = !isPast ? 'BOOKED' : r < 0.9 ? 'DONE' : r < 0.97 ? 'CANCELLED' : 'NO_SHOW';
      let bookedDay = Math.min(day - rng.int(1, 30), today);
      // Client: one who is due back (the longest waiting first), or a new one.
      while ((queue.peek()?.due ?? day) < day - MAX_OVERDUE_DAYS) queue.pop(); // long overdue: gone elsewhere
      let client: DemoClient | null = null;
      let services: number[] | null = null;
      let isNew = false;
      if (!rng.chance(NEW_CLIENT_SHARE) && (queue.peek()?.due ?? day + 1) <= day) {
        const due = queue.pop()!;
        // Someone of the starting clientele goes on file at a visit they come to.
        services = due.registered || status === 'DONE' ? chooseServices(rng, due, day, maxMinutes) : null;
        if (services) {
          client = due;
          // Half the returning clients booked their visit at the checkout of the previous one.
          if (due.lastVisit !== null && rng.chance(0.5)) bookedDay = Math.min(due.lastVisit, today);
        } else {
          due.due = day + rng.int(3, 10);
          queue.push(due);
        }
      }
      const bookedAt = localTimestamp(isoFromDay(bookedDay), rng.int(480, 1170), rng.int(0, 59));
      if (client && !client.registered) {
        register(client, iso, bookedAt, main.staff.id);
        isNew = true;
      } else if (client && status === 'DONE' && (client.phone || client.email) && rng.chance(DUPLICATE_SHARE)) {
        // Reception registers the person again instead of finding their record; the old record ends here.
        client = newPerson(day, client.gender, client);
        register(client, iso, bookedAt, main.staff.id);
        isNew = true;
      }
      if (!client) {
        isNew = true;
        const gender = clientGender(rng);
        client = newPerson(day, gender);
        register(client, status === 'DONE' ? iso : null, bookedAt, main.staff.id);
        services = chooseServices(rng, client, day, maxMinutes) ?? firstServices(client, day);
      }
      const child = isChild(client, day);
      if (status === 'DONE' || status === 'BOOKED') {
        if (isNew && status === 'DONE' && !child) regulars.push(client);
        if (recordVisit(rng, client, day, services!)) queue.push(client);
      } else if (!isNew) {
        // Cancelled or missed: they book again soon. A new client who never came does not come back.
        client.due = day + rng.int(3, 14);
        queue.push(client);
      }
      const duration = services!.reduce((sum, id) => sum + SERVICES[id - 1]!.minutes, 0);
      const slots = Math.floor((maxMinutes - duration) / 15);
      const startMinute = main.start + 15 * rng.int(0, slots);
      const endMinute = startMinute + duration;
      const appointmentId = nextId(ids, 'appointments');
      writer.add('appointments', [
        sid,
        appointmentId,
        client.id,
        main.staff.id,
        iso,
        localTimestamp(iso, startMinute),
        localTimestamp(iso, endMinute),
        status,
        bookedAt,
      ]);
      if (status === 'DONE') lastDone.set(client.id, { day, staffId: main.staff.id, endMinute });
      if (status === 'BOOKED') {
        // What the today / tomorrow report reads for an appointment not yet checked out.
        for (const serviceId of services!) {
          writer.add('appointment_services', [
            sid,
            nextId(ids, 'appointment_services'),
            appointmentId,
            serviceId,
            main.staff.id,
            cents(SERVICES[serviceId - 1]!.euros),
          ]);
        }
      }
      if (status !== 'DONE') continue;

      // Sale lines: each service, then any products bought at checkout.
      const discount = rng.chance(0.12) ? rng.pick(['loyalty', 'promo', 'fixed'] as const) : null;
      let fixedUsed = false;
      const helper = assistants.find((a) => a.start <= startMinute && a.end >= endMinute) ?? null;
      let mainService = 0;
      for (const serviceId of services!) {
        const service = SERVICES[serviceId - 1]!;
        const list = cents(service.euros);
        let off = 0;
        if (discount === 'loyalty') off = Math.round(list * 0.1);
        else if (discount === 'promo' && service.category === 'TREATMENT') off = Math.round(list * 0.2);
        else if (discount === 'fixed' && !fixedUsed && list >= 2000) {
          off = 500;
          fixedUsed = true;
        }
        const byHelper =
          helper && (serviceId === S.Shampoo || service.category === 'TREATMENT' || serviceId === S.Tonalizzante) && rng.chance(0.6);
        if (mainService === 0 && serviceId !== S.Shampoo) mainService = serviceId;
        addSold(chain, sid, monthIndex, 'S', serviceId, list - off);
        writer.add('sale_lines', [
          sid,
          nextId(ids, 'sale_lines'),
          appointmentId,
          client.id,
          byHelper ? helper.staff.id : main.staff.id,
          iso,
          'SERVICE',
          serviceId,
          null,
          service.category,
          1,
          list,
          list - off,
          off,
          rng.chance(RECOMMENDED[service.category]!),
        ]);
        for (const [productId, units] of SERVICE_USAGE[serviceId - 1]!) usage.set(productId, (usage.get(productId) ?? 0) + units);
      }
      // Products at checkout (a child's parent buys nothing for the child's record).
      if (!child && rng.chance(client.gender === 'MALE' ? 0.12 : 0.24)) {
        for (let k = rng.chance(0.2) ? 2 : 1; k > 0; k--) {
          const productId = pickResale(rng, client.gender);
          const quantity = rng.chance(0.08) ? 2 : 1;
          const list = cents(PRODUCTS[productId - 1]!.euros) * quantity;
          const off = discount === 'loyalty' || rng.chance(0.06) ? Math.round(list * 0.1) : 0;
          soldToday.set(productId, (soldToday.get(productId) ?? 0) + quantity);
          addSold(chain, sid, monthIndex, 'P', productId, list - off);
          writer.add('sale_lines', [
            sid,
            nextId(ids, 'sale_lines'),
            appointmentId,
            client.id,
            main.staff.id,
            iso,
            'PRODUCT',
            null,
            productId,
            'RESALE',
            quantity,
            list,
            list - off,
            off,
            rng.chance(RECOMMENDED.RESALE!),
          ]);
        }
      }
      if (rng.chance(0.08)) {
        const score = FEEDBACK_SCORE.pick(rng);
        writer.add('feedback', [
          sid,
          nextId(ids, 'feedback'),
          appointmentId,
          client.id,
          main.staff.id,
          mainService || services![0]!,
          score,
          rng.chance(0.35) ? rng.pick(FEEDBACK_COMMENTS) : '',
          localTimestamp(iso, Math.min(1439, endMinute + rng.int(30, 240))),
          iso,
        ]);
      }
      if (!child && rng.chance(0.022)) {
        writer.add('nps_responses', [
          sid,
          nextId(ids, 'nps_responses'),
          client.id,
          iso,
          NPS_SCORE.pick(rng),
          rng.chance(0.2) ? rng.pick(NPS_COMMENTS) : '',
        ]);
      }
    }

    if (isPast) {
      // Walk-in retail sales: no appointment, sometimes a known client.
      for (let k = rng.count(1.5 * salon.size * chain.density); k > 0; k--) {
        const seller = rng.pick(servers);
        const buyer = regulars.length > 0 && rng.chance(0.6) ? rng.pick(regulars) : null;
        const productId = pickResale(rng, buyer ? buyer.gender : 'ANYONE');
        const list = cents(PRODUCTS[productId - 1]!.euros);
        soldToday.set(productId, (soldToday.get(productId) ?? 0) + 1);
        addSold(chain, sid, monthIndex, 'P', productId, list);
        writer.add('sale_lines', [
          sid,
          nextId(ids, 'sale_lines'),
          null,
          buyer?.id ?? null,
          seller.staff.id,
          iso,
          'PRODUCT',
          null,
          productId,
          'RESALE',
          1,
          list,
          list,
          0,
          rng.chance(0.1),
        ]);
      }
      // Stock: opening load, daily sales and back-bar use, restocking, monthly count differences.
      if (stock.size === 0) {
        PRODUCTS.forEach((_, index) => {
          movement(index + 1, iso, 'LOAD', reorderLevel(index + 1) * 2, 'Carico iniziale');
        });
      }
      for (const [productId, quantity] of soldToday) movement(productId, iso, 'SALE', -quantity, '');
      soldToday.clear();
      for (const [productId, units] of usage) {
        const whole = Math.floor(units);
        if (whole < 1) continue;
        movement(productId, iso, 'INTERNAL_USE', -whole, 'Consumo interno');
        usage.set(productId, units - whole);
      }
      if (dayOfMonth <= 7 && weekday === 2 && rng.chance(0.5)) {
        const productId = pickResale(rng, 'ANYONE');
        movement(productId, iso, 'ADJUSTMENT', rng.chance(0.7) ? -1 : 1, 'Inventario: differenza conteggio');
      }
      for (let productId = 1; productId <= PRODUCTS.length; productId++) {
        const level = reorderLevel(productId);
        const onHand = stock.get(productId) ?? 0;
        if (onHand < level) movement(productId, iso, 'LOAD', Math.ceil((2 * level - onHand) / 6) * 6, 'Ordine fornitore');
      }
    }
    await writer.flushIfFull();
  }
  prebookNextVisits(chain, salon, staff, queue, lastDone);
}

/**
 * Half the returning clients book their next visit at the checkout of the previous one (as the
 * days above do for the visits they reach). For the clients still waiting when the generated days
 * end, whose last visit was DONE and who are due after today (beyond the days ahead, or not reached
 * by their fewer bookings), about half get that pre-booked visit: a BOOKED appointment on their due
 * day (the next day the salon is open and their last stylist works), with that stylist, inside the
 * opening hours, booked when the last visit ended. Without it the pre-booking rate of the last
 * weeks' visits would read near 0 while earlier months read about half. Its own random stream.
 */
export function prebookNextVisits(
  chain: Chain,
  salon: Salon,
  staff: Staff[],
  queue: DueQueue,
  lastDone: Map<number, { day: number; staffId: number; endMinute: number }>,
): void {
  const rng = new Rng(deriveSeed(chain.seed, salon.id, 12));
  const { writer, ids, today } = chain;
  const byId = new Map(staff.map((s) => [s.id, s]));
  const works = (member: Staff, day: number) => {
    const weekday = weekdayOf(day);
    if (closedOn(salon, day) || day < member.startDay || (member.endDay !== null && day > member.endDay)) return false;
    if (member.offDays.has(day)) return false;
    return member.partTimeDays ? member.partTimeDays.includes(weekday) : member.restDay !== weekday;
  };
  while (queue.size > 0) {
    const client = queue.pop()!;
    const last = lastDone.get(client.id);
    if (!last || last.day !== client.lastVisit || client.due <= today || !rng.chance(0.5)) continue;
    const member = byId.get(last.staffId);
    if (!member) continue;
    let day = client.due;
    for (let k = 0; k < 14 && !works(member, day); k++) day++;
    if (!works(member, day)) continue;
    const [open, close] = salon.hours[weekdayOf(day)]!;
    const services = chooseServices(rng, client, day, close - open);
    if (!services) continue;
    const duration = services.reduce((sum, id) => sum + SERVICES[id - 1]!.minutes, 0);
    const startMinute = open + 15 * rng.int(0, Math.floor((close - open - duration) / 15));
    const iso = isoFromDay(day);
    const appointmentId = nextId(ids, 'appointments');
    writer.add('appointments', [
      salon.id,
      appointmentId,
      client.id,
      member.id,
      iso,
      localTimestamp(iso, startMinute),
      localTimestamp(iso, startMinute + duration),
      'BOOKED',
      localTimestamp(isoFromDay(last.day), Math.min(last.endMinute + rng.int(0, 10), 1439), rng.int(0, 59)),
    ]);
    for (const serviceId of services) {
      writer.add('appointment_services', [
        salon.id,
        nextId(ids, 'appointment_services'),
        appointmentId,
        serviceId,
        member.id,
        cents(SERVICES[serviceId - 1]!.euros),
      ]);
    }
    chain.lastDay = Math.max(chain.lastDay, day);
  }
}

/** Why a manager closed a forgotten clock-out (the demo chain is Italian). */
const FORGOTTEN_CLOCK_OUT_REASONS = [
  'Uscita non timbrata: chiusa a fine turno',
  'Dimenticata la timbratura in uscita',
  'Uscita confermata dalla responsabile',
];
