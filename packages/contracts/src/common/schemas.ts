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
