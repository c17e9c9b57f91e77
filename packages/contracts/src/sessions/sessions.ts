import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { DateString, ErrorResponse, RoleSchema, SessionCode } from '../common/schemas.js';

const oneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { description },
  );
const closed = { additionalProperties: false } as const;
const ThemeName = oneOf(['default', 'light', 'dark', 'pink'], 'A theme of the interface');
const Placed = Type.Object(
  { display: Type.Optional(Type.Boolean()), position: Type.Optional(oneOf(['below', 'above'], 'Below or above the content')) },
  closed,
);
const Shown = Type.Object({ display: Type.Optional(Type.Boolean()) }, closed);

/** The interface settings a user keeps, field by field: nothing else is stored, so the whole is a few hundred bytes. */
export const Settings = Type.Object(
  {
    layout: Type.Optional(
      Type.Object(
        {
          style: Type.Optional(oneOf(['layout1', 'layout2', 'layout3'], 'The layout')),
          config: Type.Optional(
            Type.Object(
              {
                mode: Type.Optional(oneOf(['boxed', 'fullwidth', 'container'], 'Boxed, full width or container')),
                scroll: Type.Optional(oneOf(['body', 'content'], 'What scrolls')),
                navbar: Type.Optional(
                  Type.Object(
                    {
                      display: Type.Optional(Type.Boolean()),
                      folded: Type.Optional(Type.Boolean()),
                      position: Type.Optional(oneOf(['left', 'right'], 'Side of the navbar')),
                    },
                    closed,
                  ),
                ),
                toolbar: Type.Optional(Placed),
                footer: Type.Optional(Placed),
                leftSidePanel: Type.Optional(Shown),
                rightSidePanel: Type.Optional(Shown),
              },
              closed,
            ),
          ),
        },
        closed,
      ),
    ),
    theme: Type.Optional(
      Type.Object(
        {
          main: Type.Optional(ThemeName),
          navbar: Type.Optional(ThemeName),
          toolbar: Type.Optional(ThemeName),
          footer: Type.Optional(ThemeName),
        },
        closed,
      ),
    ),
    customScrollbars: Type.Optional(Type.Boolean()),
  },
  {
    ...closed,
    description: 'Layout and theme settings (layout.style, layout.config, theme.*, customScrollbars); any other field is refused',
  },
);

export const UserSettings = Type.Union([Type.Null(), Settings], { description: "The user's interface settings; null = defaults" });

/** A navigation item id as the shortcuts bar saves it. */
export const ShortcutId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'A navigation item id' });

/** The largest body the user's own settings call reads: settings, shortcuts and language fit in a few kilobytes. */
export const OWN_USER_BODY_MAX_BYTES = 16 * 1024;

export const UserDTO = Type.Object({
  userId: Type.Integer(),
  salonId: Type.Union([Type.Integer(), Type.Null()], { description: 'Null for a chain-level superadmin' }),
  role: Type.Array(RoleSchema, { description: 'Roles, derived from the permission ids' }),
  firstName: Type.String(),
  lastName: Type.String(),
  phoneNumber: Type.String(),
  email: Type.String(),
  username: Type.String(),
  title: Type.String(),
  note: Type.String(),
  gender: Type.Union([Type.Literal('MALE'), Type.Literal('FEMALE'), Type.Null()]),
  employmentStart: Type.Union([DateString, Type.Null()]),
  employmentEnd: Type.Union([DateString, Type.Null()]),
  language: Type.Union([Type.Literal('en'), Type.Literal('it')]),
  settings: UserSettings,
  data: Type.Object({ shortcuts: Type.Array(Type.String(), { description: 'Navigation item ids starred by the user' }) }),
});

export const UserPermissionDTO = Type.Object({
  userPermissionId: Type.Integer(),
  userId: Type.Integer(),
  permissionId: Type.Integer({ description: '1 SUPERADMIN, 2 ADMIN, 3 RECEPTIONIST, 4 SALESMARKETING, 5 IMAGE, 6 ASSISTANCE' }),
  permission: RoleSchema,
});

export const SessionResponse = Type.Object({
  success: Type.Literal(true),
  sessionId: Type.Integer(),
  sessionCode: SessionCode,
  expiryDate: Type.String({ description: 'Sliding expiry, ISO instant' }),
  expiryDateMax: Type.String({ description: 'Absolute expiry, ISO instant; also embedded in the code' }),
  userDTO: UserDTO,
  userPermissionsDTO: Type.Array(UserPermissionDTO),
});

export const LoginFailure = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  errors: Type.Object({
    username: Type.Optional(Type.String({ description: 'What is wrong with the username' })),
    password: Type.Optional(Type.String({ description: 'What is wrong with the password' })),
  }),
});

/** What a refused sign-in answers: LoginFailure (wrong or missing credentials), or the common error shape (a malformed request). */
const LoginErrorResponse = Type.Union([LoginFailure, ErrorResponse], { description: 'A refused sign-in' });

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/Sessions/Login',
  summary: 'Sign in: a new session code on every success; per-field errors on failure (401), 429 when throttled',
  tags: ['Sessions'],
  querystring: Type.Object({
    username: Type.Optional(Type.String({ maxLength: 100 })),
    password: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  response: SessionResponse,
  errors: { 400: LoginErrorResponse, 401: LoginErrorResponse, 429: ErrorResponse },
});

export const checkSession = defineEndpoint({
  method: 'POST',
  path: '/api/Sessions/Check/',
  summary: 'Validate a session code, extend its sliding expiry and return the user',
  tags: ['Sessions'],
  querystring: Type.Object({ sessionCode: SessionCode }),
  response: SessionResponse,
  errors: { 401: ErrorResponse },
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/Sessions/Logout/',
  summary: 'Revoke a session code',
  tags: ['Sessions'],
  querystring: Type.Object({ sessionCode: SessionCode }),
  response: Type.Object({ success: Type.Boolean() }),
});

export const updateOwnUser = defineEndpoint({
  method: 'POST',
  path: '/api/auth/user/update',
  summary:
    "Save the signed-in user's own settings, shortcuts and language (session in the Authorization header); a field the schema does not name is a 400, a body over 16 KB a 413",
  tags: ['Sessions'],
  querystring: Type.Object({ sessionCode: Type.Optional(SessionCode) }),
  body: Type.Object({
    user: Type.Object(
      {
        settings: Type.Optional(UserSettings),
        data: Type.Optional(
          Type.Object(
            { shortcuts: Type.Array(ShortcutId, { maxItems: 50, description: 'Navigation item ids starred by the user' }) },
            { additionalProperties: false },
          ),
        ),
        language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('it')])),
      },
      { additionalProperties: false },
    ),
  }),
  maxBodyBytes: OWN_USER_BODY_MAX_BYTES,
  response: UserDTO,
  errors: { 404: ErrorResponse },
});
