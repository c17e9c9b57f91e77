import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { ErrorResponse, SalonId, SessionCode } from '../common/schemas.js';

/**
 * Salon growth settings: one setting per product line.
 * When a salon has stored none, GET answers the defaults with a null id and isDefault true:
 * target 60, reachTargetMonths 12, targetMonths 6, and periodStartDate = the first day of the
 * month targetMonths (6) months before the current month in the salon's time zone (on
 * 2026-11-22: 2026-05-01), so a fresh salon's report already shows half a year on its path.
 */
export const SALON_CONFIG_PRODUCTS = ['Treatment', 'Colour', 'Haircut', 'Resale', 'Styling'] as const;
export type SalonConfigProductName = (typeof SALON_CONFIG_PRODUCTS)[number];

/** Limits the server enforces on a save (400 naming the field otherwise). */
export const SALON_CONFIG_LIMITS = { targetMin: 0, targetMax: 100, monthsMin: 1, monthsMax: 36 } as const;
export const SALON_CONFIG_DEFAULTS = { target: 60, reachTargetMonths: 12, targetMonths: 6 } as const;

const ReachTargetMonths = Type.Integer({
  minimum: SALON_CONFIG_LIMITS.monthsMin,
  maximum: SALON_CONFIG_LIMITS.monthsMax,
  description: 'Months after periodStartDate by which the target is to be reached (1..36, default 12)',
});
const TargetMonths = Type.Integer({
  minimum: SALON_CONFIG_LIMITS.monthsMin,
  maximum: SALON_CONFIG_LIMITS.monthsMax,
  description: 'How many months the target is measured over: the average penetration of the last targetMonths months (1..36, default 6)',
});
const TargetPercent = (what: string) =>
  Type.Number({
    minimum: SALON_CONFIG_LIMITS.targetMin,
    maximum: SALON_CONFIG_LIMITS.targetMax,
    description: `Target ${what} penetration in per cent of DONE appointments (0..100, default 60)`,
  });
const ConfigId = (product: string) =>
  Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()], {
    description: `The stored ${product} setting's id; null when the salon has none (defaults)`,
  });

const commonResponseFields = {
  salonId: Type.Integer({ description: 'The salon these settings belong to' }),
  reachTargetMonths: ReachTargetMonths,
  targetMonths: TargetMonths,
  periodStartDate: Type.String({
    format: 'date',
    description: 'First day of the growth period (YYYY-MM-DD); the path to the target starts here',
  }),
  isDefault: Type.Boolean({ description: 'True when nothing is stored and these are the defaults' }),
};

const commonBodyFields = {
  salonId: SalonId,
  reachTargetMonths: Type.Optional(ReachTargetMonths),
  targetMonths: Type.Optional(TargetMonths),
  periodStartDate: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      format: 'date',
      description: 'First day of the growth period, YYYY-MM-DD; any other day is moved to the 1st of its month',
    }),
  ),
};

const bodySummary =
  'Fields left out keep their stored value (or the default). target and the product-specific name are synonyms; when both are given they must agree.';

export const SalonConfigTreatmentResponse = Type.Object({
  salonConfigTreatmentId: ConfigId('treatment'),
  ...commonResponseFields,
  target: TargetPercent('treatment'),
  targetTreatment: TargetPercent('treatment (same value as target, under its historical name)'),
});
export const SalonConfigColourResponse = Type.Object({
  salonConfigColourId: ConfigId('colour'),
  ...commonResponseFields,
  target: TargetPercent('colour'),
  targetColor: TargetPercent('colour (same value as target, under its historical name)'),
});
export const SalonConfigHaircutResponse = Type.Object({
  salonConfigHaircutId: ConfigId('haircut'),
  ...commonResponseFields,
  target: TargetPercent('haircut'),
  targetHaircut: TargetPercent('haircut (same value as target, under its historical name)'),
});
export const SalonConfigResaleResponse = Type.Object({
  salonConfigResaleId: ConfigId('resale'),
  ...commonResponseFields,
  target: TargetPercent('resale (retail product)'),
  targetResale: TargetPercent('resale (same value as target, under its historical name)'),
});
export const SalonConfigStylingResponse = Type.Object({
  salonConfigStylingId: ConfigId('styling'),
  ...commonResponseFields,
  target: TargetPercent('styling'),
  targetstyling: TargetPercent('styling (same value as target, under its historical name, lower-case s included)'),
});

export const SalonConfigTreatmentBody = Type.Object(
  {
    salonConfigTreatmentId: Type.Optional(ConfigId('treatment')),
    ...commonBodyFields,
    target: Type.Optional(TargetPercent('treatment')),
    targetTreatment: Type.Optional(TargetPercent('treatment')),
  },
  { description: bodySummary },
);
export const SalonConfigColourBody = Type.Object(
  {
    salonConfigColourId: Type.Optional(ConfigId('colour')),
    ...commonBodyFields,
    target: Type.Optional(TargetPercent('colour')),
    targetColor: Type.Optional(TargetPercent('colour')),
  },
  { description: bodySummary },
);
export const SalonConfigHaircutBody = Type.Object(
  {
    salonConfigHaircutId: Type.Optional(ConfigId('haircut')),
    ...commonBodyFields,
    target: Type.Optional(TargetPercent('haircut')),
    targetHaircut: Type.Optional(TargetPercent('haircut')),
  },
  { description: bodySummary },
);
export const SalonConfigResaleBody = Type.Object(
  {
    salonConfigResaleId: Type.Optional(ConfigId('resale')),
    ...commonBodyFields,
    target: Type.Optional(TargetPercent('resale')),
    targetResale: Type.Optional(TargetPercent('resale')),
  },
  { description: bodySummary },
);
export const SalonConfigStylingBody = Type.Object(
  {
    salonConfigStylingId: Type.Optional(ConfigId('styling')),
    ...commonBodyFields,
    target: Type.Optional(TargetPercent('styling')),
    targetstyling: Type.Optional(TargetPercent('styling')),
  },
  { description: bodySummary },
);

const GetParams = Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId });
const PostParams = Type.Object({ SESSIONCODE: SessionCode });
const tags = ['Salon growth'];
const getSummary = (product: string) =>
  `The salon's ${product} growth setting, or the defaults (target 60, 12 months to reach it, measured over 6) when none is stored. All six roles.`;
const postSummary = (product: string) =>
  `Save (insert or update) the salon's ${product} growth setting; answers the stored setting. ADMIN or SUPERADMIN; 400 naming the field when out of range.`;

export const getSalonConfigTreatment = defineEndpoint({
  method: 'GET',
  path: '/api/SalonConfigTreatment/{SESSIONCODE}/{salonId}',
  summary: getSummary('treatment'),
  tags,
  params: GetParams,
  response: SalonConfigTreatmentResponse,
  errors: { 404: ErrorResponse },
});
export const saveSalonConfigTreatment = defineEndpoint({
  method: 'POST',
  path: '/api/SalonConfigTreatment/{SESSIONCODE}',
  summary: postSummary('treatment'),
  tags,
  params: PostParams,
  body: SalonConfigTreatmentBody,
  response: SalonConfigTreatmentResponse,
  errors: { 404: ErrorResponse },
});

export const getSalonConfigColour = defineEndpoint({
  method: 'GET',
  path: '/api/SalonConfigColour/{SESSIONCODE}/{salonId}',
  summary: getSummary('colour'),
  tags,
  params: GetParams,
  response: SalonConfigColourResponse,
  errors: { 404: ErrorResponse },
});
export const saveSalonConfigColour = defineEndpoint({
  method: 'POST',
  path: '/api/SalonConfigColour/{SESSIONCODE}',
  summary: postSummary('colour'),
  tags,
  params: PostParams,
  body: SalonConfigColourBody,
  response: SalonConfigColourResponse,
  errors: { 404: ErrorResponse },
});

export const getSalonConfigHaircut = defineEndpoint({
  method: 'GET',
  path: '/api/SalonConfigHaircut/{SESSIONCODE}/{salonId}',
  summary: getSummary('haircut'),
  tags,
  params: GetParams,
  response: SalonConfigHaircutResponse,
  errors: { 404: ErrorResponse },
});
export const saveSalonConfigHaircut = defineEndpoint({
  method: 'POST',
  path: '/api/SalonConfigHaircut/{SESSIONCODE}',
  summary: postSummary('haircut'),
  tags,
  params: PostParams,
  body: SalonConfigHaircutBody,
  response: SalonConfigHaircutResponse,
  errors: { 404: ErrorResponse },
});

export const getSalonConfigResale = defineEndpoint({
  method: 'GET',
  path: '/api/SalonConfigResale/{SESSIONCODE}/{salonId}',
  summary: getSummary('resale'),
  tags,
  params: GetParams,
  response: SalonConfigResaleResponse,
  errors: { 404: ErrorResponse },
});
export const saveSalonConfigResale = defineEndpoint({
  method: 'POST',
  path: '/api/SalonConfigResale/{SESSIONCODE}',
  summary: postSummary('resale'),
  tags,
  params: PostParams,
  body: SalonConfigResaleBody,
  response: SalonConfigResaleResponse,
  errors: { 404: ErrorResponse },
});

export const getSalonConfigStyling = defineEndpoint({
  method: 'GET',
  path: '/api/SalonConfigStyling/{SESSIONCODE}/{salonId}',
  summary: getSummary('styling'),
  tags,
  params: GetParams,
  response: SalonConfigStylingResponse,
  errors: { 404: ErrorResponse },
});
export const saveSalonConfigStyling = defineEndpoint({
  method: 'POST',
  path: '/api/SalonConfigStyling/{SESSIONCODE}',
  summary: postSummary('styling'),
  tags,
  params: PostParams,
  body: SalonConfigStylingBody,
  response: SalonConfigStylingResponse,
  errors: { 404: ErrorResponse },
});

/** The five families, keyed by product, for code that treats them alike (server routes, web screen). */
export const salonConfigEndpoints = {
  Treatment: {
    get: getSalonConfigTreatment,
    save: saveSalonConfigTreatment,
    idKey: 'salonConfigTreatmentId',
    targetKey: 'targetTreatment',
  },
  Colour: { get: getSalonConfigColour, save: saveSalonConfigColour, idKey: 'salonConfigColourId', targetKey: 'targetColor' },
  Haircut: { get: getSalonConfigHaircut, save: saveSalonConfigHaircut, idKey: 'salonConfigHaircutId', targetKey: 'targetHaircut' },
  Resale: { get: getSalonConfigResale, save: saveSalonConfigResale, idKey: 'salonConfigResaleId', targetKey: 'targetResale' },
  Styling: { get: getSalonConfigStyling, save: saveSalonConfigStyling, idKey: 'salonConfigStylingId', targetKey: 'targetstyling' },
} as const;
