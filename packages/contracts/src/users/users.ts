import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import {
  DateString,
  ErrorResponse,
  GenderSchema,
  Id,
  type Role,
  RoleSchema,
  SalonId,
  SessionCode,
  SessionParams,
} from '../common/schemas.js';
import { PermissionId } from '../permissions/permissions.js';
import { UserDTO } from '../sessions/sessions.js';

const UserIdParams = Type.Object({ SESSIONCODE: SessionCode, userId: Id });

export const AnnualDaysOff = Type.Number({
  minimum: 0,
  maximum: 366,
  multipleOf: 0.5,
  description: 'Annual days-off allowance in working days (half days allowed); default 24',
});

/** A user as the staff screens (/users) see them: the UserDTO plus what managing staff needs. */
export const StaffUserDTO = Type.Object({
  ...UserDTO.properties,
  lastSignInAt: Type.Union([Type.String(), Type.Null()], { description: 'Last successful sign-in, ISO instant; null if never' }),
  isActive: Type.Boolean({
    description: "Employment has not ended: employmentEnd is null or not before today (salon's time zone)",
  }),
  annualDaysOff: AnnualDaysOff,
});

/**
 * Who sees a user whole (contact data, username, note, settings, employment): the user themself, a
 * SUPERADMIN, and an ADMIN for the users of their own salon. Everyone else gets a ColleagueDTO.
 */
export const USER_DETAIL_ROLES = ['SUPERADMIN', 'ADMIN'] as const satisfies readonly Role[];

/** A colleague as staff see them: who they are and what they do, no contact data or management notes. */
export const ColleagueDTO = Type.Object(
  {
    userId: Type.Integer(),
    salonId: Type.Union([Type.Integer(), Type.Null()]),
    role: Type.Array(RoleSchema, { description: 'Roles, derived from the permission ids' }),
    firstName: Type.String(),
    lastName: Type.String(),
    title: Type.String({ description: 'Job title' }),
  },
  { description: 'A colleague as a caller who does not manage them sees them: names, title and roles only' },
);

/** Which fields of a user each caller gets, written once for the API documentation of every endpoint answering users. */
export const USER_FIELDS_BY_ROLE =
  'Fields by caller: yourself, a SUPERADMIN (anyone) and an ADMIN (users of their salon) get the whole user; every other caller (RECEPTIONIST, SALESMARKETING, IMAGE, ASSISTANCE, no role) gets a colleague as ColleagueDTO: userId, salonId, role, firstName, lastName, title (no phoneNumber, email, username, note, gender, employment dates, language, settings or shortcuts).';

export const Username = Type.String({
  minLength: 3,
  maxLength: 50,
  pattern: '^[A-Za-z0-9._@-]+$',
  description: 'Sign-in name, unique across the chain (case-insensitively): 3-50 letters, digits, . _ @ -',
});
/** Length and letters+digits are checked by the server (passwordProblem); the schema caps the size. */
export const NewPassword = Type.String({ maxLength: 200, description: 'At least 8 characters, with letters and digits' });

const profileFields = {
  firstName: Type.String({ maxLength: 100, description: 'First name' }),
  lastName: Type.String({ maxLength: 100, description: 'Last name' }),
  phoneNumber: Type.String({ maxLength: 50, description: 'Phone number, free text' }),
  email: Type.String({ maxLength: 200, pattern: '^$|^[^@\\s]+@[^@\\s]+$', description: 'E-mail address, or empty' }),
  title: Type.String({ maxLength: 100, description: 'Job title shown in staff lists' }),
  note: Type.String({ maxLength: 2000, description: 'Free note for the salon management' }),
  gender: Type.Union([GenderSchema, Type.Null()], { description: "The staff member's gender, or null" }),
  employmentStart: Type.Union([DateString, Type.Null()], { description: 'First day of employment, or null' }),
  employmentEnd: Type.Union([DateString, Type.Null()], { description: 'Last day of employment (not before employmentStart), or null' }),
  language: Type.Union([Type.Literal('en'), Type.Literal('it')], { description: 'Interface language' }),
};

export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/api/Users/{SESSIONCODE}',
  summary: 'Users: an ADMIN sees the users of their salon, a SUPERADMIN every user (or one salon with ?salonId)',
  description: USER_FIELDS_BY_ROLE,
  tags: ['Users'],
  params: SessionParams,
  querystring: Type.Object({ salonId: Type.Optional(SalonId) }),
  response: Type.Array(StaffUserDTO, { description: 'Ordered by last name, first name, id' }),
});

export const listWorkingUsers = defineEndpoint({
  method: 'GET',
  path: '/api/Users/GetOnlyWorking/{SESSIONCODE}',
  summary:
    "The salon's users with a shift (user timeframe) starting on the date, in the salon's time zone (a shift crossing midnight belongs to the day it starts), and no whole day off that day",
  description: USER_FIELDS_BY_ROLE,
  tags: ['Users'],
  params: SessionParams,
  querystring: Type.Object({
    salonId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: "The salon; default the caller's own" })),
    date: Type.Optional(
      Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', description: "YYYY-MM-DD; default today in the salon's time zone" }),
    ),
  }),
  response: Type.Array(Type.Union([UserDTO, ColleagueDTO]), {
    description: 'Ordered by last name, first name, id; a whole UserDTO or a ColleagueDTO by the caller (see the description)',
  }),
  errors: { 404: ErrorResponse },
});

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/Users/{SESSIONCODE}/{userId}',
  summary: 'One user: yourself, or (ADMIN) a user of your salon, or (SUPERADMIN) anyone',
  description: USER_FIELDS_BY_ROLE,
  tags: ['Users'],
  params: UserIdParams,
  response: StaffUserDTO,
  errors: { 404: ErrorResponse },
});

export const createUser = defineEndpoint({
  method: 'POST',
  path: '/api/Users/{SESSIONCODE}',
  summary: 'Create a user with their permissions in one transaction (ADMIN in their salon; SUPERADMIN anywhere or chain-level)',
  description: USER_FIELDS_BY_ROLE,
  tags: ['Users'],
  params: SessionParams,
  body: Type.Object({
    username: Username,
    password: NewPassword,
    salonId: Type.Union([SalonId, Type.Null()], {
      description: 'The salon the user works in; null (SUPERADMIN only) for a chain-level user',
    }),
    permissionIds: Type.Array(PermissionId, { maxItems: 6, uniqueItems: true, description: 'Permissions granted at creation' }),
    firstName: Type.Optional(profileFields.firstName),
    lastName: Type.Optional(profileFields.lastName),
    phoneNumber: Type.Optional(profileFields.phoneNumber),
    email: Type.Optional(profileFields.email),
    title: Type.Optional(profileFields.title),
    note: Type.Optional(profileFields.note),
    gender: Type.Optional(profileFields.gender),
    employmentStart: Type.Optional(profileFields.employmentStart),
    employmentEnd: Type.Optional(profileFields.employmentEnd),
    language: Type.Optional(profileFields.language),
    annualDaysOff: Type.Optional(AnnualDaysOff),
  }),
  response: StaffUserDTO,
  errors: { 404: ErrorResponse },
});

export const updateUser = defineEndpoint({
  method: 'PUT',
  path: '/api/Users/{SESSIONCODE}/{userId}',
  summary: 'Change a user’s profile; omitted fields stay as they are (ADMIN for users of their salon; only a SUPERADMIN moves a user)',
  description: USER_FIELDS_BY_ROLE,
  tags: ['Users'],
  params: UserIdParams,
  body: Type.Object({
    username: Type.Optional(Username),
    salonId: Type.Optional(
      Type.Union([SalonId, Type.Null()], { description: 'Move the user to this salon (SUPERADMIN only); null = chain-level' }),
    ),
    firstName: Type.Optional(profileFields.firstName),
    lastName: Type.Optional(profileFields.lastName),
    phoneNumber: Type.Optional(profileFields.phoneNumber),
    email: Type.Optional(profileFields.email),
    title: Type.Optional(profileFields.title),
    note: Type.Optional(profileFields.note),
    gender: Type.Optional(profileFields.gender),
    employmentStart: Type.Optional(profileFields.employmentStart),
    employmentEnd: Type.Optional(profileFields.employmentEnd),
    language: Type.Optional(profileFields.language),
    annualDaysOff: Type.Optional(AnnualDaysOff),
  }),
  response: StaffUserDTO,
  errors: { 404: ErrorResponse },
});

const PasswordChanged = Type.Object({
  success: Type.Literal(true, { description: 'The new password is in force' }),
  revokedSessions: Type.Integer({ description: "How many of the user's other sessions were signed out" }),
});

export const setOwnPassword = defineEndpoint({
  method: 'PUT',
  path: '/api/Users/SetPassword/{SESSIONCODE}/{userId}',
  summary:
    'Change your own password (userId must be yours; the old password is checked, wrong ones count as failed sign-ins: 429 when too many); your other sessions are signed out',
  tags: ['Users'],
  params: UserIdParams,
  querystring: Type.Object({
    password: NewPassword,
    oldPassword: Type.String({ maxLength: 200, description: 'The current password' }),
  }),
  response: PasswordChanged,
  errors: { 403: ErrorResponse, 429: ErrorResponse },
});

export const setPasswordAdmin = defineEndpoint({
  method: 'PUT',
  path: '/api/Users/SetPasswordAdmin/{SESSIONCODE}/{userId}',
  summary: "Reset a user's password (ADMIN for users of their salon, SUPERADMIN for anyone); all their sessions are signed out",
  tags: ['Users'],
  params: UserIdParams,
  querystring: Type.Object({ password: NewPassword }),
  response: PasswordChanged,
  errors: { 404: ErrorResponse },
});
