import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { ErrorResponse, type Role, SalonId, SessionCode } from '../common/schemas.js';
import { DownloadLink } from '../downloads/downloads.js';
import { count, date, euros, GenderBucket, percentOrNull, RangeFields } from '../stats/report-fields.js';

/**
 * Customer analysis: overview, status list and one client's status,
 * the weekday x hour heat-map with clients per city / postal code, and the status and lost-list
 * exports. The 'admin' menu level: ADMIN and SUPERADMIN.
 *
 * Words used below. A client's *visit day* is a day they bought something in the salon (a DONE
 * appointment's sale lines or a walk-in purchase: one row of the client_days rollup, as the sales
 * per client report). *Visits* are DONE appointments (as the sales per client report counts them).
 * *Spend* is the amount paid on the client's lines. *First visit* is clients.first_visit (as the
 * sales reports' new clients).
 */

const TAGS = ['CustomerAnalysis'];

/** Roles that see a client's phone, email and consents in these reports (the salon's managers). */
export const CUSTOMER_CONTACT_ROLES = ['SUPERADMIN', 'ADMIN'] as const satisfies readonly Role[];

/** Days within which a first-time client must come back to count as retained. */
export const FIRST_VISIT_RETENTION_DAYS = 90;

const RangeParams = {
  SESSIONCODE: SessionCode,
  salonId: SalonId,
  fromDate: date('First day of the range (inclusive)'),
  toDate: date('Last day of the range (inclusive)'),
};

export const CustomerStatus = Type.Union(
  [Type.Literal('ACTIVE'), Type.Literal('AT_RISK'), Type.Literal('LOST'), Type.Literal('NO_VISIT')],
  {
    description:
      "From the client's last visit day on or before the range end (toDate), days = toDate - last visit: ACTIVE when days < activeDays, LOST when days > lostDays, AT_RISK in between (both ends included); NO_VISIT when the client has no visit day up to toDate. The four partition the salon's clients",
  },
);

export const AgeBand = Type.Union(
  [
    Type.Literal('<25'),
    Type.Literal('25-34'),
    Type.Literal('35-44'),
    Type.Literal('45-54'),
    Type.Literal('55-64'),
    Type.Literal('65+'),
    Type.Literal('UNKNOWN'),
  ],
  { description: 'Age in whole years on the range end (toDate), from the birth date; UNKNOWN when no birth date is recorded' },
);

export const CustomerKpis = Type.Object(
  {
    clientsSeen: count('Distinct clients with at least one visit day in the range (equals the sales per client report’s clients)'),
    newClients: count(
      'Clients whose first visit falls in the range, whether or not they bought in it (as the sales reports count new clients)',
    ),
    returningClients: count('Clients seen in the range whose first visit is before the range (or not recorded)'),
    retainedClients: count(
      `New clients of the range with another visit day within ${FIRST_VISIT_RETENTION_DAYS} days after their first visit (days after the range count)`,
    ),
    pendingClients: count(
      `New clients of the range whose ${FIRST_VISIT_RETENTION_DAYS} days are not over on the salon's today and who have not come back yet: left out of the retention (they may still come back)`,
    ),
    firstVisitRetention: percentOrNull(
      `retainedClients / (newClients - pendingClients) x 100: the share of the range's first-time clients who came back within ${FIRST_VISIT_RETENTION_DAYS} days. A client who already came back counts as retained even while the window is open; one whose window is still open and who has not come back yet is not counted at all`,
    ),
    visits: count('DONE appointments of the clients seen in the range'),
    averageVisitsPerClient: Type.Number({ description: 'visits / clientsSeen, 2 decimals (0 when nobody was seen)' }),
    revenue: euros('Amount paid by the clients seen, in the range (sales without a client are not in it)'),
    averageSpendPerClient: euros('revenue / clientsSeen (0 when nobody was seen)'),
  },
  { description: 'The customer KPIs of a span' },
);

export const CustomerOverviewResponse = Type.Object(
  {
    ...RangeFields,
    today: date("The salon's today (its time zone; the pinned day on a demo server): retention windows and cohort months stop there"),
    kpis: CustomerKpis,
    lastYear: Type.Union(
      [
        Type.Object(
          {
            fromDate: date('fromDate one year before'),
            toDate: date("The earlier of toDate and the salon's today, one year before (28 February for a 29 February)"),
            kpis: CustomerKpis,
          },
          { description: 'The same KPIs over the same span one year before (up to today’s date when the range runs past today)' },
        ),
        Type.Null(),
      ],
      { description: "Last year's same span; null when the range starts after the salon's today (not yet come)" },
    ),
    genders: Type.Array(
      Type.Object(
        {
          gender: GenderBucket,
          clients: count('Clients seen in the range of this gender'),
          sharePercent: percentOrNull('clients / clientsSeen x 100'),
        },
        { description: 'One gender bucket' },
      ),
      { description: 'Clients seen per gender: MALE, FEMALE, UNKNOWN, always all three in that order' },
    ),
    ageBands: Type.Array(
      Type.Object(
        {
          band: AgeBand,
          clients: count('Clients seen in the range in this band'),
          sharePercent: percentOrNull('clients / clientsSeen x 100'),
        },
        { description: 'One age band' },
      ),
      { description: 'Clients seen per age band on toDate: <25, 25-34, 35-44, 45-54, 55-64, 65+, UNKNOWN, always all seven in that order' },
    ),
    months: Type.Array(
      Type.Object(
        {
          month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'The month, YYYY-MM (the first and last are cut to the range)' }),
          clientsSeen: count('Distinct clients with a visit day in the month'),
          newClients: count('Clients whose first visit is in the month'),
          returningClients: count('Clients seen in the month whose first visit is before the month (or not recorded)'),
        },
        { description: 'New and returning clients of one month' },
      ),
      { description: 'One row per calendar month of the range, in order, zeros included' },
    ),
    cohorts: Type.Array(
      Type.Object(
        {
          month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'First-visit month, YYYY-MM (cut to the range)' }),
          clients: count('Clients whose first visit is in that month (and in the range)'),
          retention: Type.Array(
            Type.Object(
              {
                monthsAfter: Type.Integer({ minimum: 1, description: 'Months after the first-visit month (1 = the next calendar month)' }),
                clients: count('Clients of the cohort with a visit day in that month (up to the range end)'),
                sharePercent: percentOrNull('clients / cohort clients x 100'),
              },
              { description: 'The cohort in one later month' },
            ),
            {
              description:
                "One entry per later month up to the last month of the range that has begun by the salon's today; months after the range are never shown",
            },
          ),
        },
        { description: 'One first-visit cohort' },
      ),
      { description: 'Cohort retention: one row per month of the range (begun by today), in order, zeros included' },
    ),
  },
  { description: 'Customer overview: KPIs with last year, genders, age bands, new vs returning per month and cohort retention' },
);

export const getCustomerAnalysis = defineEndpoint({
  method: 'GET',
  path: '/api/CustomerAnalysis/GetCustomerAnalysis/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}',
  summary:
    'Customer overview of a range: clients seen, new, returning, first-visit retention, visits and spend per client, genders, age bands, months and cohorts, with last year',
  tags: TAGS,
  params: Type.Object(RangeParams),
  response: CustomerOverviewResponse,
});

export const CustomerContact = Type.Union(
  [
    Type.Object(
      {
        phone: Type.Union([Type.String(), Type.Null()], { description: 'Phone as recorded; null when none' }),
        email: Type.Union([Type.String(), Type.Null()], { description: 'Email as recorded; null when none' }),
        privacyConsent: Type.Boolean({ description: 'The client accepted the privacy notice' }),
        marketingConsent: Type.Boolean({ description: 'The client agreed to be contacted for marketing' }),
      },
      { description: 'Contact details and consents' },
    ),
    Type.Null(),
  ],
  {
    description: `Contact details, only for ${CUSTOMER_CONTACT_ROLES.join(' and ')} (the salon's managers); null for any other role. Contact a client for marketing only when marketingConsent is true`,
  },
);

export const CustomerStatusRow = Type.Object(
  {
    clientId: Type.Integer({ description: 'The client' }),
    firstName: Type.String({ description: 'First name' }),
    lastName: Type.String({ description: 'Last name' }),
    gender: GenderBucket,
    firstVisit: Type.Union([date('First visit'), Type.Null()], {
      description: 'First visit (clients.first_visit); null when not recorded',
    }),
    lastVisit: Type.Union([date('Last visit day on or before toDate'), Type.Null()], {
      description: 'Last visit day on or before toDate; null for NO_VISIT',
    }),
    daysSinceLastVisit: Type.Union([count('toDate - lastVisit in days'), Type.Null()], {
      description: 'toDate - lastVisit; null for NO_VISIT',
    }),
    status: CustomerStatus,
    visits: count('DONE appointments in the range'),
    spend: euros('Amount paid in the range'),
    totalVisits: count('DONE appointments up to toDate (all history)'),
    totalSpend: euros('Amount paid up to toDate (all history)'),
    contact: CustomerContact,
  },
  { description: 'One client and their status' },
);

export const StatusCounts = Type.Object(
  {
    active: count('ACTIVE clients'),
    atRisk: count('AT_RISK clients'),
    lost: count('LOST clients'),
    noVisit: count('NO_VISIT clients'),
    total: count('All clients of the salon (active + atRisk + lost + noVisit)'),
  },
  { description: 'Clients per status over the whole salon (the status and search filters do not apply)' },
);

const StatusThresholds = {
  activeDays: count('Salon setting: under this many days since the last visit a client is ACTIVE (default 90)'),
  lostDays: count('Salon setting: over this many days since the last visit a client is LOST (default 180)'),
};

export const StatusSort = Type.Union(
  [
    Type.Literal('LAST_VISIT_DESC'),
    Type.Literal('LAST_VISIT_ASC'),
    Type.Literal('TOTAL_SPEND_DESC'),
    Type.Literal('SPEND_DESC'),
    Type.Literal('NAME'),
  ],
  {
    description:
      'Order of the rows: LAST_VISIT_DESC (default; clients with no visit last), LAST_VISIT_ASC, TOTAL_SPEND_DESC, SPEND_DESC (in the range), NAME (last then first name); ties by client id',
  },
);

export const StatusFilters = Type.Object({
  status: Type.Optional(CustomerStatus),
  search: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Only clients whose first name, last name or "first last" contains this text (case-insensitive)',
    }),
  ),
  sort: Type.Optional(StatusSort),
});

export const CustomerStatusResponse = Type.Object(
  {
    ...RangeFields,
    ...StatusThresholds,
    counts: StatusCounts,
    total: count('Clients matching the status and search filters (before limit / offset)'),
    limit: count('Page size used'),
    offset: count('Rows skipped before this page'),
    contactsIncluded: Type.Boolean({ description: 'Whether the rows carry contact details (the caller’s role may see them)' }),
    rows: Type.Array(CustomerStatusRow, { description: 'One page of the matching clients, in the sort order' }),
  },
  { description: "Customer status: every client of the salon with last visit, visits, spend and status at the range's end" },
);

export const getCustomerAnalysisStatus = defineEndpoint({
  method: 'GET',
  path: '/api/CustomerAnalysis/GetCustomerAnalysisStatus/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}',
  summary:
    'Every client of the salon with last visit, visits, spend and status (active / at risk / lost), paged and filtered, with counts per status',
  tags: TAGS,
  params: Type.Object(RangeParams),
  querystring: Type.Object({
    ...StatusFilters.properties,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'Page size (rows), default 100' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, default: 0, description: 'Rows to skip, default 0' })),
  }),
  response: CustomerStatusResponse,
});

const ItemBought = (idName: 'serviceId' | 'productId', what: string) =>
  Type.Object(
    {
      [idName]: Type.Integer({ description: `The ${what}` }),
      name: Type.String({ description: `${what} name` }),
      quantity: count('Units bought in the range'),
      spend: euros('Amount paid for them'),
    },
    { description: `One ${what} the client bought in the range` },
  );

export const CustomerDetailResponse = Type.Object(
  {
    ...RangeFields,
    ...StatusThresholds,
    client: Type.Object(
      {
        clientId: Type.Integer({ description: 'The client' }),
        firstName: Type.String({ description: 'First name' }),
        lastName: Type.String({ description: 'Last name' }),
        gender: GenderBucket,
        birthDate: Type.Union([date('Birth date'), Type.Null()], { description: 'Birth date; null when not recorded' }),
        city: Type.Union([Type.String(), Type.Null()], { description: 'City; null when not recorded' }),
        postalCode: Type.Union([Type.String(), Type.Null()], { description: 'Postal code; null when not recorded' }),
        firstVisit: Type.Union([date('First visit'), Type.Null()], { description: 'First visit; null when not recorded' }),
        contact: CustomerContact,
      },
      { description: 'Who the client is' },
    ),
    status: CustomerStatus,
    lastVisit: Type.Union([date('Last visit day on or before toDate'), Type.Null()], {
      description: 'Last visit day on or before toDate; null for NO_VISIT',
    }),
    daysSinceLastVisit: Type.Union([count('toDate - lastVisit'), Type.Null()], {
      description: 'toDate - lastVisit in days; null for NO_VISIT',
    }),
    visits: count('DONE appointments in the range'),
    spend: euros('Amount paid in the range'),
    totalVisits: count('DONE appointments up to toDate'),
    totalSpend: euros('Amount paid up to toDate'),
    visitDays: Type.Array(
      Type.Object(
        {
          day: date('The visit day'),
          appointments: count('DONE appointments that day (0 for a walk-in purchase)'),
          servicesSpend: euros('Paid for services that day'),
          productsSpend: euros('Paid for products that day'),
          spend: euros('Paid that day'),
        },
        { description: 'One visit day' },
      ),
      { description: 'The visit days in the range, latest first' },
    ),
    services: Type.Array(ItemBought('serviceId', 'service'), { description: 'Services bought in the range, highest spend first' }),
    products: Type.Array(ItemBought('productId', 'product'), { description: 'Products bought in the range, highest spend first' }),
    statusHistory: Type.Array(
      Type.Object(
        {
          month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'The month, YYYY-MM' }),
          day: date('The day the status is taken on: the month’s last day, or toDate for the last month'),
          status: CustomerStatus,
          lastVisit: Type.Union([date('Last visit on or before day'), Type.Null()], {
            description: 'Last visit on or before day; null when none',
          }),
        },
        { description: 'The status at one month end' },
      ),
      { description: 'The status at the end of every month of the range (the last one at toDate), in order, with the current thresholds' },
    ),
  },
  { description: "One client's visits, spend, services and products bought, and status history" },
);

export const getCustomerAnalysisStatusById = defineEndpoint({
  method: 'GET',
  path: '/api/CustomerAnalysis/GetCustomerAnalysisStatusById/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}/{clientId}',
  summary: "One client of the salon: visits, spend, services and products bought, status and status at each month's end",
  tags: TAGS,
  params: Type.Object({ ...RangeParams, clientId: Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'The client' }) }),
  response: CustomerDetailResponse,
  errors: { 404: ErrorResponse },
});

const Coordinates = {
  latitude: Type.Union([Type.Number(), Type.Null()], {
    description: 'Average latitude of the clients of the group that have coordinates; null when none has',
  }),
  longitude: Type.Union([Type.Number(), Type.Null()], {
    description: 'Average longitude of the clients of the group that have coordinates; null when none has',
  }),
};

export const CustomerMapResponse = Type.Object(
  {
    ...RangeFields,
    timeZone: Type.String({ description: "The salon's IANA time zone: weekdays and hours are local there" }),
    totalVisits: count('DONE appointments in the range (the sum of the cells)'),
    cells: Type.Array(
      Type.Object(
        {
          weekday: Type.Integer({ minimum: 1, maximum: 7, description: 'ISO weekday, 1 Monday .. 7 Sunday' }),
          hour: Type.Integer({ minimum: 0, maximum: 23, description: 'Local hour the appointment starts in, 0..23' }),
          visits: count('DONE appointments starting in that weekday and hour'),
        },
        { description: 'One weekday x hour cell' },
      ),
      { description: 'All 7 x 24 cells, weekday then hour, zeros included' },
    ),
    cities: Type.Array(
      Type.Object(
        {
          city: Type.Union([Type.String(), Type.Null()], { description: 'City as recorded (trimmed); null for clients without one' }),
          clients: count('Clients seen in the range living there'),
          revenue: euros('Amount they paid in the range'),
          ...Coordinates,
        },
        { description: 'One city' },
      ),
      { description: 'Clients seen in the range per city, most clients first (ties: revenue, then name)' },
    ),
    postalCodes: Type.Array(
      Type.Object(
        {
          postalCode: Type.Union([Type.String(), Type.Null()], {
            description: 'Postal code as recorded (trimmed); null for clients without one',
          }),
          city: Type.Union([Type.String(), Type.Null()], { description: 'The most common city of its clients; null when none has one' }),
          clients: count('Clients seen in the range with this postal code'),
          revenue: euros('Amount they paid in the range'),
          ...Coordinates,
        },
        { description: 'One postal code' },
      ),
      { description: 'Clients seen in the range per postal code, most clients first (ties: revenue, then code)' },
    ),
  },
  {
    description:
      'Heat-map: visits per weekday x hour in the salon’s time zone; clients and revenue per city and postal code with coordinates',
  },
);

export const getCustomerMapAnalysisData = defineEndpoint({
  method: 'GET',
  path: '/api/CustomerAnalysis/GetCustomerMapAnalysisData/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}',
  summary: 'Visits per weekday x hour (salon time zone) and clients and revenue per city and postal code with coordinates',
  tags: TAGS,
  params: Type.Object(RangeParams),
  response: CustomerMapResponse,
});

export const getCustomerAnalysisStatusXls = defineEndpoint({
  method: 'GET',
  path: '/api/CustomerAnalysis/GetCustomerAnalysisStatusXls/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}',
  summary:
    'The status list (every client matching the filters, all pages, in the sort order) as status.xlsx, handed out as a link for the session that asked',
  tags: TAGS,
  params: Type.Object(RangeParams),
  querystring: StatusFilters,
  response: DownloadLink,
});

export const getLostListXls = defineEndpoint({
  method: 'GET',
  path: '/api/CustomerAnalysis/GetLostListXls/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}',
  summary:
    "The lost clients at the range's end (status LOST, highest total spend first) with contact details as 'Lost List status.xlsx', handed out as a link for the session that asked",
  tags: TAGS,
  params: Type.Object(RangeParams),
  response: DownloadLink,
});

export const CustomerStatusSettings = Type.Object(
  {
    salonId: SalonId,
    activeDays: Type.Integer({
      minimum: 1,
      maximum: 3650,
      description: 'Under this many days since the last visit a client is ACTIVE (default 90)',
    }),
    lostDays: Type.Integer({
      minimum: 1,
      maximum: 3650,
      description: 'Over this many days since the last visit a client is LOST (default 180); must be at least activeDays',
    }),
  },
  { description: "The salon's customer status thresholds (salons.active_client_days / lost_client_days)" },
);

export const getCustomerStatusSettings = defineEndpoint({
  method: 'GET',
  path: '/api/CustomerAnalysis/StatusSettings/{SESSIONCODE}/{salonId}',
  summary: "The salon's customer status thresholds: active under activeDays since the last visit, lost over lostDays",
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId }),
  response: CustomerStatusSettings,
  errors: { 404: ErrorResponse },
});

export const saveCustomerStatusSettings = defineEndpoint({
  method: 'POST',
  path: '/api/CustomerAnalysis/StatusSettings/{SESSIONCODE}',
  summary: "Sets the salon's customer status thresholds (ADMIN of the salon or SUPERADMIN); answers what is stored",
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode }),
  body: CustomerStatusSettings,
  response: CustomerStatusSettings,
  errors: { 404: ErrorResponse },
});
