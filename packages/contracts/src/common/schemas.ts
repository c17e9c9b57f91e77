import { Type } from 'typebox';

export const ROLES = ['SUPERADMIN', 'ADMIN', 'RECEPTIONIST', 'SALESMARKETING', 'IMAGE', 'ASSISTANCE'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = Type.Union(
  [
    Type.Literal('SUPERADMIN'),
    Type.Literal('ADMIN'),
    Type.Literal('RECEPTIONIST'),
    Type.Literal('SALESMARKETING'),
    Type.Literal('IMAGE'),
    Type.Literal('ASSISTANCE'),
  ],
  { description: 'A role, from the permission of the same name' },
);

/** The menu levels: which roles see a menu entry (and may call the API behind it). */
export const ROLE_GROUPS = {
  user: ['ADMIN', 'SALESMARKETING', 'RECEPTIONIST'],
  admin: ['ADMIN'],
  superadmin: ['SUPERADMIN'],
  consultant: ['IMAGE', 'ASSISTANCE'],
  all: [...ROLES],
} as const satisfies Record<string, readonly Role[]>;

/**
 * Who may call a report family's API: the menu level of its screens,
 * and SUPERADMIN always. The web routes stay open to every role; the API enforces the level.
 */
export const REPORT_ACCESS = {
  /** Sales data: its children are visible to all roles. */
  all: [...ROLES],
  /** 'user' menu level: services and products analysis. */
  user: ['SUPERADMIN', 'ADMIN', 'SALESMARKETING', 'RECEPTIONIST'],
  /** 'admin' menu level: Salon Growth and the Report group (service-product, days of week, recap, check-up). */
  admin: ['SUPERADMIN', 'ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export const SessionCode = Type.String({
  minLength: 20,
  maxLength: 200,
  pattern: '^[A-Za-z0-9_.-]+$',
  description: 'The session code returned by Login',
});
export const SessionParams = Type.Object({ SESSIONCODE: SessionCode });

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'A positive integer id' });
export const SalonId = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The salon the call is about' });
/** The one range of calendar days any date the API reads may fall in (outside it: 400, checked by the 'date' format). */
export const DATE_RANGE = { min: '1900-01-01', max: '2199-12-31' } as const;

/** A real calendar day YYYY-MM-DD (no 2024-02-30) within DATE_RANGE. */
export function isAcceptedDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < DATE_RANGE.min || text > DATE_RANGE.max) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** A moment written 'YYYY-MM-DDTHH:MM…' whose day isAcceptedDate and whose time of day exists. */
export function isAcceptedDateTime(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!match) return false;
  const [, day, hours, minutes, seconds] = match;
  return isAcceptedDate(day as string) && Number(hours) < 24 && Number(minutes) < 60 && Number(seconds ?? 0) < 60;
}

/** The format name of a salon wall-clock moment (isAcceptedDateTime), beside JSON Schema's 'date' and 'date-time'. */
export const LOCAL_DATE_TIME_FORMAT = 'local-date-time';

export const DateString = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  format: 'date',
  description: 'A calendar date, YYYY-MM-DD',
});
export const GenderSchema = Type.Union([Type.Literal('MALE'), Type.Literal('FEMALE')], { description: "The client's gender" });
export const Money = Type.Number({ description: 'An amount in euros, 2 decimals' });

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String({ description: 'HTTP reason phrase' }),
    message: Type.String({ description: 'What went wrong, naming the parameter when one is at fault' }),
    parameter: Type.Optional(Type.String({ description: 'The parameter at fault, for a 400' })),
  },
  { description: 'Any error answer' },
);
