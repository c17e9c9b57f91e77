import type { Gender, ServiceCategory } from '../db/database.js';
import { dayOf, partsOf } from './calendar.js';
import { CHILD_AGE, FEMALE_NAMES, MALE_NAMES, PRODUCTS, S, SERVICES, SURNAMES } from './catalogue.js';
import { type Rng, WeightedPicker } from './random.js';

/*
 * The demo chain's clients as a salon's staff know them: one name per person in a salon, a
 * rhythm (most come back every 4 to 10 weeks), services that fit them (children's cut for
 * children only, men's and women's services by gender) and never the same kind of service
 * again within days.
 */

/** The shortest plausible interval between two services of one category for one client, in days. */
export const MIN_DAYS_BETWEEN: Readonly<Record<ServiceCategory, number>> = {
  /** A cut (or a fringe trim, a beard trim) lasts three weeks at least. */
  HAIRCUT: 21,
  /** Roots show after four weeks; nobody colours again within three. */
  COLOUR: 21,
  TREATMENT: 14,
  /** A weekly blow-dry is the most a regular books. */
  STYLING: 7,
};
/** A keratin smoothing lasts three to five months. */
export const MIN_DAYS_BETWEEN_KERATIN = 90;
/** Usual days between visits, [shortest, longest]: women 4-10 weeks, men 3-6, children 6-10. */
const RETURN_DAYS = { FEMALE: [28, 70], MALE: [21, 42], CHILD: [42, 70] } as const;
/** Each visit comes this much earlier or later than the client's usual interval (relative). */
const RETURN_JITTER = 0.15;
/** Share of first-time clients who never come back (first-visit retention). */
const FIRST_VISIT_CHURN = 0.5;
/** Share of returning clients lost after any later visit (moved, changed salon). */
const LATER_VISIT_CHURN = 0.07;
const LOYAL_CHURN = 0.02;
/** A client this many days overdue has gone elsewhere. */
export const MAX_OVERDUE_DAYS = 60;
/** Share of new clients who are children. */
const CHILD_SHARE = 0.03;

const CATEGORY_INDEX: Record<ServiceCategory, number> = { HAIRCUT: 0, COLOUR: 1, TREATMENT: 2, STYLING: 3 };
const CATEGORIES = Object.keys(CATEGORY_INDEX) as ServiceCategory[];
const SERVICE_CATEGORY = SERVICES.map((service) => CATEGORY_INDEX[service.category]);

export interface DemoClient {
  id: number;
  gender: Gender | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  /** Day number of the birth date, null when the client did not give it. */
  birthDay: number | null;
  /** The first day the client is no longer a child (the CHILD_AGE birthday); null for adults. */
  adultFrom: number | null;
  /** Usual days between two visits. */
  returnDays: number;
  loyal: boolean;
  /** Visits done (or booked ahead). */
  visits: number;
  /** The next day the client wants to come. */
  due: number;
  /** The day of the last visit, null before the first. */
  lastVisit: number | null;
  /** Per category (CATEGORY_INDEX): the day of the last service of it. */
  last: number[];
  lastKeratin: number;
  married: boolean;
  /** On file (a clients row written). */
  registered: boolean;
}

/**
 * A new client's gender (3 % not recorded). Men come back sooner (RETURN_DAYS), so one client in
 * five being a man gives them about 28 % of the visits.
 */
export function clientGender(rng: Rng): Gender | null {
  return rng.chance(0.03) ? null : rng.chance(0.8) ? 'FEMALE' : 'MALE';
}

/** Day number of a birth date on which the client is `age` years old on `day` (never 29 February). */
function birthBefore(rng: Rng, day: number, age: number): number {
  const birth = day - Math.floor(age * 365.25) - rng.int(1, 360);
  const { month, dayOfMonth } = partsOf(birth);
  return month === 2 && dayOfMonth === 29 ? birth - 1 : birth;
}

function ageOn(client: DemoClient, day: number): number | null {
  if (client.birthDay === null) return null;
  const born = partsOf(client.birthDay);
  const now = partsOf(day);
  const birthday = now.month > born.month || (now.month === born.month && now.dayOfMonth >= born.dayOfMonth);
  return now.year - born.year - (birthday ? 0 : 1);
}

export function isChild(client: DemoClient, day: number): boolean {
  return client.adultFrom !== null && day < client.adultFrom;
}

/** A client's profile at their first booking: gender, age, rhythm. The caller gives them a name and contacts. */
export function newProfile(rng: Rng, id: number, day: number, gender: Gender | null): DemoClient {
  const child = rng.chance(CHILD_SHARE);
  let birthDay: number | null = null;
  let adultFrom: number | null = null;
  if (child) {
    birthDay = birthBefore(rng, day, rng.int(3, CHILD_AGE - 2));
    const born = partsOf(birthDay);
    adultFrom = dayOf(born.year + CHILD_AGE, born.month, born.dayOfMonth);
    // Children's records always carry the birth date and a gender (the parent gives them).
    gender ??= rng.chance(0.5) ? 'FEMALE' : 'MALE';
  } else if (rng.chance(0.8)) {
    // Adults from 16 to 81, most between 30 and 65.
    birthDay = birthBefore(rng, day, 16 + rng.int(0, 30) + rng.int(0, 35));
  }
  const [shortest, longest] = child ? RETURN_DAYS.CHILD : gender === 'MALE' ? RETURN_DAYS.MALE : RETURN_DAYS.FEMALE;
  return client({
    id,
    gender,
    firstName: '',
    lastName: '',
    phone: null,
    email: null,
    birthDay,
    adultFrom,
    returnDays: rng.int(shortest, longest),
    loyal: rng.chance(0.25),
    visits: 0,
    due: day,
    lastVisit: null,
    last: CATEGORIES.map(() => Number.NEGATIVE_INFINITY),
    lastKeratin: Number.NEGATIVE_INFINITY,
    married: false,
    registered: false,
  });
}

/** Every client object is built here, with its fields in one order: one hidden class keeps the generator's hot loop fast. */
function client(c: DemoClient): DemoClient {
  return {
    id: c.id,
    gender: c.gender,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone,
    email: c.email,
    birthDay: c.birthDay,
    adultFrom: c.adultFrom,
    returnDays: c.returnDays,
    loyal: c.loyal,
    visits: c.visits,
    due: c.due,
    lastVisit: c.lastVisit,
    last: c.last,
    lastKeratin: c.lastKeratin,
    married: c.married,
    registered: c.registered,
  };
}

/** The same person's second record (a likely duplicate): new id, not yet on file. */
export function secondRecord(same: DemoClient, id: number): DemoClient {
  return client({ ...same, id, last: [...same.last], registered: false });
}

/** Draws names without repetition: no two clients of one salon share first and last name. */
export class NameBook {
  private readonly used = new Set<string>();

  draw(rng: Rng, gender: Gender | null): { firstName: string; lastName: string } {
    const firsts = gender === 'MALE' ? MALE_NAMES : FEMALE_NAMES;
    for (let attempt = 0; attempt < 50; attempt++) {
      const name = { firstName: rng.pick(firsts), lastName: rng.pick(SURNAMES) };
      if (this.take(name)) return name;
    }
    // Nearly every pair is taken: Italian double first names (Maria Chiara, Gian Marco style).
    for (const a of firsts) {
      for (const b of firsts) {
        if (a === b) continue;
        for (const lastName of SURNAMES) {
          const name = { firstName: `${a} ${b}`, lastName };
          if (this.take(name)) return name;
        }
      }
    }
    throw new Error('demo: no client name left');
  }

  private take(name: { firstName: string; lastName: string }): boolean {
    const key = `${name.firstName}|${name.lastName}`;
    if (this.used.has(key)) return false;
    this.used.add(key);
    return true;
  }
}

/** Clients waiting for their next visit, earliest due first (a binary heap on due day, then id: the order is deterministic). */
export class DueQueue {
  private readonly keys: number[] = [];
  private readonly items: DemoClient[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): DemoClient | undefined {
    return this.items[0];
  }

  push(client: DemoClient): void {
    const { keys, items } = this;
    const key = client.due * 2 ** 24 + client.id;
    let i = items.length;
    keys.push(key);
    items.push(client);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      items[i] = items[parent]!;
      i = parent;
    }
    keys[i] = key;
    items[i] = client;
  }

  pop(): DemoClient | undefined {
    const { keys, items } = this;
    const top = items[0];
    const lastKey = keys.pop();
    const last = items.pop();
    const n = items.length;
    if (n > 0 && last && lastKey !== undefined) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && keys[child + 1]! < keys[child]!) child++;
        if (keys[child]! >= lastKey) break;
        keys[i] = keys[child]!;
        items[i] = items[child]!;
        i = child;
      }
      keys[i] = lastKey;
      items[i] = last;
    }
    return top;
  }
}

type Recipe = (rng: Rng) => number[];
const piega = (rng: Rng) => (rng.chance(0.45) ? S['Piega corta']! : S['Piega lunga']!);
const FEMALE_VISITS = new WeightedPicker<Recipe>(
  [
    (r) => [S.Shampoo!, piega(r)],
    (r) => [S.Shampoo!, S['Taglio donna']!, piega(r)],
    (r) => [S.Shampoo!, S.Colore!, piega(r)],
    (r) => [S.Shampoo!, S['Ritocco radice']!, piega(r)],
    (r) => [S.Shampoo!, S.Colore!, S['Taglio donna']!, piega(r)],
    (r) => [S.Shampoo!, S.Meches!, S.Tonalizzante!, piega(r)],
    (r) => [S.Shampoo!, S.Balayage!, S.Tonalizzante!, piega(r)],
    (r) => [S.Shampoo!, S['Trattamento ristrutturante']!, piega(r)],
    () => [S['Cheratina lisciante']!, S['Piega lunga']!],
    () => [S['Raccolto sposa']!],
    () => [S.Shampoo!, S['Piega con ferro (onde)']!],
    () => [S['Regolazione frangia']!],
  ],
  [28, 20, 14, 8, 9, 4, 4, 5, 1, 0.7, 2, 1.3],
);
const MALE_VISITS = new WeightedPicker<Recipe>(
  [
    (r) => (r.chance(0.5) ? [S.Shampoo!, S['Taglio uomo']!] : [S['Taglio uomo']!]),
    () => [S.Shampoo!, S['Taglio uomo']!, S.Barba!],
    () => [S.Barba!],
    () => [S.Shampoo!, S['Colore uomo']!, S['Taglio uomo']!],
    () => [S.Shampoo!, S['Trattamento anticaduta']!, S['Taglio uomo']!],
  ],
  [58, 25, 6, 6, 5],
);
const CHILD_VISIT: Recipe = (r) => (r.chance(0.3) ? [S.Shampoo!, S['Taglio bambino']!] : [S['Taglio bambino']!]);

function minutesOf(services: readonly number[]): number {
  return services.reduce((sum, id) => sum + SERVICES[id - 1]!.minutes, 0);
}

function allowed(client: DemoClient, day: number, services: readonly number[], maxMinutes: number): boolean {
  if (minutesOf(services) > maxMinutes) return false;
  for (const id of services) {
    const category = SERVICE_CATEGORY[id - 1]!;
    if (day - client.last[category]! < MIN_DAYS_BETWEEN[CATEGORIES[category]!]) return false;
    if (id === S['Cheratina lisciante'] && day - client.lastKeratin < MIN_DAYS_BETWEEN_KERATIN) return false;
    if (id === S['Raccolto sposa']) {
      // A bride, once.
      const age = ageOn(client, day);
      if (client.married || (age !== null && (age < 20 || age > 50))) return false;
    }
  }
  return true;
}

/**
 * The services of a visit on `day` that fit the client and their history, or null when nothing
 * fits (too soon after their last cut or colour: they come another day).
 */
export function chooseServices(rng: Rng, client: DemoClient, day: number, maxMinutes: number): number[] | null {
  const child = isChild(client, day);
  for (let attempt = 0; attempt < 6; attempt++) {
    const services = child ? CHILD_VISIT(rng) : (client.gender === 'MALE' ? MALE_VISITS : FEMALE_VISITS).pick(rng)(rng);
    if (!child && client.gender !== 'MALE' && services[0] === S.Shampoo) {
      // Now and then a treatment added at the basin.
      if (!services.some((id) => SERVICES[id - 1]!.category === 'TREATMENT') && rng.chance(0.15)) {
        services.splice(1, 0, S['Trattamento ristrutturante']!);
      }
      if (rng.chance(0.05)) services.splice(1, 0, S['Maschera idratante']!);
      if (!allowed(client, day, services, maxMinutes)) {
        // Without the extra treatment it may fit.
        const plain = services.filter((id) => SERVICES[id - 1]!.category !== 'TREATMENT');
        if (plain.length > 1 && allowed(client, day, plain, maxMinutes)) return plain;
        continue;
      }
    }
    if (allowed(client, day, services, maxMinutes)) return services;
  }
  return null;
}

/** Records a visit done (or booked ahead) on `day`; returns false when the client will not come back. */
export function recordVisit(rng: Rng, client: DemoClient, day: number, services: readonly number[]): boolean {
  for (const id of services) {
    client.last[SERVICE_CATEGORY[id - 1]!] = day;
    if (id === S['Cheratina lisciante']) client.lastKeratin = day;
    if (id === S['Raccolto sposa']) client.married = true;
  }
  client.visits++;
  client.lastVisit = day;
  const churn = client.visits === 1 ? FIRST_VISIT_CHURN : client.loyal ? LOYAL_CHURN : LATER_VISIT_CHURN;
  if (rng.chance(churn)) return false;
  client.due = day + Math.max(MIN_DAYS_BETWEEN.HAIRCUT, Math.round(client.returnDays * (1 + RETURN_JITTER * (2 * rng.next() - 1))));
  return true;
}

const RESALE = PRODUCTS.flatMap((p, index) => (p.category === 'RESALE' ? [index + 1] : []));
/** Retail sold to a man: the men's line sells best. */
const MEN_RESALE = new WeightedPicker(
  RESALE,
  RESALE.map((id) => PRODUCTS[id - 1]!.weight * (PRODUCTS[id - 1]!.men ? 4 : 1)),
);
/** Retail sold to a woman (or a client of unknown gender): never the men's line. */
const WOMEN_RESALE = new WeightedPicker(
  RESALE.filter((id) => !PRODUCTS[id - 1]!.men),
  RESALE.filter((id) => !PRODUCTS[id - 1]!.men).map((id) => PRODUCTS[id - 1]!.weight),
);
/** Retail sold over the counter to someone not recorded. */
const ANY_RESALE = new WeightedPicker(
  RESALE,
  RESALE.map((id) => PRODUCTS[id - 1]!.weight),
);

export function pickResale(rng: Rng, gender: Gender | null | 'ANYONE'): number {
  return (gender === 'MALE' ? MEN_RESALE : gender === 'ANYONE' ? ANY_RESALE : WOMEN_RESALE).pick(rng);
}

/** A first visit that fits anyone new (when nothing else fits the appointment's length). */
export function firstServices(client: DemoClient, day: number): number[] {
  if (isChild(client, day)) return [S['Taglio bambino']!];
  return client.gender === 'MALE' ? [S['Taglio uomo']!] : [S.Shampoo!, S['Piega corta']!];
}
