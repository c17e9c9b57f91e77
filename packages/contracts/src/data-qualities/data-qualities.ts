import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { REPORT_ACCESS, SalonId, SessionCode } from '../common/schemas.js';
import { count, date, percentOrNull } from '../stats/report-fields.js';

/** Data qualities is a 'user'-level report (Data Qualities menu entry). */
export const DATA_QUALITY_ACCESS = REPORT_ACCESS.user;

/**
 * The checks of a client record (data quality). Five checks make the
 * completeness score: phone, e-mail, birth date, gender, privacy consent; a record passes a
 * check when the field is present and valid.
 * - phone: missing when empty; invalid when, after removing spaces, '+', '-', '.', '/' and
 *   parentheses, it is not 6 to 15 digits.
 * - e-mail: missing when empty; invalid unless it reads local@domain.tld (no spaces, one '@',
 *   a dot in the domain, neither part empty).
 * - birth date: missing when empty; implausible when after the salon's today or more than 110
 *   years before it.
 * - gender: missing when empty. Consent: missing when the privacy consent is not given.
 * - DUPLICATE (not part of the score): the same first + last name (lower case, spaces trimmed and
 *   collapsed) and the same valid phone (compared as its digits, so '+39 333 1234567' and
 *   '+39-333-1234567' match) or the same trimmed, lower-cased e-mail as another record of the salon;
 *   records linked that way, directly or through each other, form one group. The server keeps these
 *   keys on each record (migration 010) so the report stays one cheap pass.
 */
export const DATA_QUALITY_ISSUES = [
  'PHONE_MISSING',
  'PHONE_INVALID',
  'EMAIL_MISSING',
  'EMAIL_INVALID',
  'BIRTH_DATE_MISSING',
  'BIRTH_DATE_IMPLAUSIBLE',
  'GENDER_MISSING',
  'CONSENT_MISSING',
  'DUPLICATE',
] as const;
export type DataQualityIssue = (typeof DATA_QUALITY_ISSUES)[number];

export const DataQualityIssueSchema = Type.Union(
  [
    Type.Literal('PHONE_MISSING'),
    Type.Literal('PHONE_INVALID'),
    Type.Literal('EMAIL_MISSING'),
    Type.Literal('EMAIL_INVALID'),
    Type.Literal('BIRTH_DATE_MISSING'),
    Type.Literal('BIRTH_DATE_IMPLAUSIBLE'),
    Type.Literal('GENDER_MISSING'),
    Type.Literal('CONSENT_MISSING'),
    Type.Literal('DUPLICATE'),
  ],
  { description: 'A finding on a client record (see DATA_QUALITY_ISSUES for the rules)' },
);

export const IssueCounts = Type.Object(
  {
    phoneMissing: count('Records without a phone'),
    phoneInvalid: count('Records whose phone is not 6 to 15 digits once spaces, +, -, ., / and parentheses are removed'),
    emailMissing: count('Records without an e-mail'),
    emailInvalid: count('Records whose e-mail does not read local@domain.tld'),
    birthDateMissing: count('Records without a birth date'),
    birthDateImplausible: count("Records whose birth date is after the salon's today or more than 110 years before it"),
    genderMissing: count('Records without a gender'),
    consentMissing: count('Records without the privacy consent'),
    duplicates: count('Records in a group of likely duplicates (same name and the same valid phone or e-mail)'),
  },
  { description: 'Records per finding (a record can have several)' },
);

const QualityFields = {
  clients: count('Client records'),
  completeClients: count('Records passing all five checks (phone, e-mail, birth date, gender, consent)'),
  completePercent: percentOrNull('completeClients / clients x 100'),
  averageScore: Type.Number({
    minimum: 0,
    maximum: 100,
    description: 'Mean completeness score of the records, per cent, 2 decimals (0 without records)',
  }),
  issues: IssueCounts,
};

export const CreatorQuality = Type.Object(
  {
    staffId: Type.Union([Type.Integer(), Type.Null()], { description: 'The staff member who created the records; null = unknown' }),
    name: Type.String({ description: 'First and last name; empty when unknown' }),
    ...QualityFields,
  },
  { description: 'The records one staff member created' },
);

export const ClientQuality = Type.Object(
  {
    clientId: Type.Integer({ description: 'The client' }),
    firstName: Type.String(),
    lastName: Type.String(),
    phone: Type.Union([Type.String(), Type.Null()], { description: 'Phone as recorded' }),
    email: Type.Union([Type.String(), Type.Null()], { description: 'E-mail as recorded' }),
    birthDate: Type.Union([date('Birth date as recorded'), Type.Null()]),
    gender: Type.Union([Type.Literal('MALE'), Type.Literal('FEMALE'), Type.Null()], { description: 'Gender as recorded' }),
    privacyConsent: Type.Boolean({ description: 'Privacy consent given' }),
    firstVisit: Type.Union([date('First visit'), Type.Null()]),
    createdBy: Type.Union([Type.Integer(), Type.Null()], { description: 'Staff member who created the record; null = unknown' }),
    createdByName: Type.String({ description: 'Their first and last name; empty when unknown' }),
    score: Type.Integer({ minimum: 0, maximum: 100, description: 'Completeness: checks passed of the five x 20, per cent' }),
    issues: Type.Array(DataQualityIssueSchema, { description: 'The findings, in the order of DATA_QUALITY_ISSUES' }),
    duplicateGroupId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'The group of likely duplicates the record is in (see duplicateGroups); null when none',
    }),
  },
  { description: 'One client record and its findings' },
);

export const DuplicateGroup = Type.Object(
  {
    groupId: Type.Integer({ minimum: 1, description: 'Group number, 1.. by the lowest client id of the group' }),
    clientIds: Type.Array(Type.Integer(), { minItems: 2, description: 'The records of the group, lowest id first' }),
    name: Type.String({ description: 'The first and last name of the group’s lowest client id' }),
    members: Type.Array(
      Type.Object({
        clientId: Type.Integer(),
        name: Type.String({ description: 'First and last name as recorded' }),
        phone: Type.Union([Type.String(), Type.Null()]),
        email: Type.Union([Type.String(), Type.Null()]),
      }),
      { description: 'The records of the group with what a manager needs to merge them, lowest id first' },
    ),
    matchedOn: Type.Array(Type.Union([Type.Literal('PHONE'), Type.Literal('EMAIL')]), {
      description: 'What two records of the group share besides the name: the phone (digits), the e-mail (lower case), or both',
    }),
  },
  { description: 'Records that are likely the same person' },
);

export const DataQualityQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Client rows per page (default 100)' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0, description: 'Client rows to skip (default 0)' })),
});

export const DataQualityResponse = Type.Object(
  {
    salonId: SalonId,
    today: date("The salon's today, against which birth dates are judged"),
    ...QualityFields,
    byCreator: Type.Array(CreatorQuality, { description: 'Per staff member who created the records (unknown last), most records first' }),
    duplicateGroups: Type.Array(DuplicateGroup, { description: 'Every group of likely duplicates, by groupId' }),
    total: count('Client rows (all pages)'),
    limit: count('Rows per page'),
    offset: count('Rows skipped'),
    rows: Type.Array(ClientQuality, {
      description: 'The page of client records, the ones to fix first: lowest score first, then duplicates, then by id',
    }),
  },
  {
    description:
      "Data quality of a salon's client records: the share of complete records, findings per field, duplicates, per creator, and the records to fix first (paged)",
  },
);

export const getCustomersBySalon = defineEndpoint({
  method: 'GET',
  path: '/api/DataQualities/GetCustomersBySalon/{SESSIONCODE}/{salonId}',
  summary:
    "Data quality of the salon's client records: missing or invalid phone, e-mail, birth date, gender, consent; likely duplicates; completeness; per creator; the records to fix first (paged)",
  tags: ['DataQualities'],
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId }),
  querystring: DataQualityQuery,
  response: DataQualityResponse,
});

export const getCustomersBySalonXls = defineEndpoint({
  method: 'GET',
  path: '/api/DataQualities/GetCustomersBySalonXls/{SESSIONCODE}/{salonId}',
  summary:
    'The data-quality spreadsheet: every client record of the salon with its findings and score, and a summary sheet; file CustomersBySalon.xlsx',
  tags: ['DataQualities'],
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId }),
  querystring: Type.Object({
    language: Type.Optional(
      Type.Union([Type.Literal('en'), Type.Literal('it')], { description: "Headers' and findings' language (default en)" }),
    ),
  }),
  response: Type.String({
    description:
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (Content-Disposition attachment; filename CustomersBySalon.xlsx)',
  }),
  isFile: true,
});
