import {
  createUser,
  getUser,
  listUsers,
  listWorkingUsers,
  ROLE_GROUPS,
  setOwnPassword,
  setPasswordAdmin,
  updateUser,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { countRecentFailures, recordFailure, throttleOf } from '../../lib/login-failures.query.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/password.js';
import { salonToday } from '../../lib/today.js';
import { assertCanManageUser, assertCanReadUser, MANAGERS } from '../../lib/user-access.js';
import { shapeUser, shapeWholeUser } from '../../lib/user-view.js';
import { getUserDtoById, listUserDtos } from '../../lib/users.query.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import * as q from './users.query.js';

function assertPasswordAcceptable(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError(400, problem, 'password');
}

function assertEmploymentOrder(start: string | null | undefined, end: string | null | undefined): void {
  if (start && end && end < start) throw new HttpError(400, 'employmentEnd must not be before employmentStart', 'employmentEnd');
}

async function assertUsernameFree(db: FastifyInstance['db'], username: string, exceptUserId?: number): Promise<void> {
  const owner = await q.findUsernameOwner(db, username);
  if (owner !== undefined && owner !== exceptUserId) throw new HttpError(409, `The username '${username}' is already taken`, 'username');
}

/** A concurrent insert can still hit the unique index: answer it as the same 409. */
function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/** The pinned demo day, when there is one: isActive is judged on it. */
function pinned(app: FastifyInstance): { today?: string } {
  return app.clock.pinnedToday !== undefined ? { today: app.clock.pinnedToday } : {};
}

export async function usersRoutes(app: FastifyInstance, { config }: { config: Config }) {
  registerEndpoint(app, listUsers, MANAGERS, async ({ query }, request) => {
    const caller = callerOf(request);
    // The auth plugin has already refused another salon's salonId to a non-superadmin.
    const salonId = caller.isSuperadmin ? query.salonId : (caller.salonId ?? undefined);
    if (!caller.isSuperadmin && salonId === undefined) return [];
    return (await listUserDtos(app.db, { salonId, ...pinned(app) })).map((user) => shapeWholeUser(caller, user));
  });

  registerEndpoint(app, listWorkingUsers, [...ROLE_GROUPS.all], async ({ query }, request) => {
    const caller = callerOf(request);
    const salonId = query.salonId ?? caller.salonId;
    if (salonId === null) throw new HttpError(400, 'Missing query parameter salonId: you belong to no salon', 'salonId');
    const timeZone = await q.getSalonTimeZone(app.db, salonId);
    if (!timeZone) throw new HttpError(404, `Salon ${salonId} does not exist`, 'salonId');
    const users = await listUserDtos(app.db, { salonId, workingOn: query.date ?? salonToday(timeZone, app.clock), ...pinned(app) });
    return users.map((user) => shapeUser(caller, user));
  });

  registerEndpoint(app, getUser, 'session', async ({ params }, request) => {
    const caller = callerOf(request);
    await assertCanReadUser(app.db, caller, params.userId);
    const user = await getUserDtoById(app.db, params.userId, app.clock.pinnedToday);
    if (!user) throw new HttpError(404, `User ${params.userId} does not exist`, 'userId');
    return shapeWholeUser(caller, user);
  });

  registerEndpoint(app, createUser, MANAGERS, async ({ body }, request) => {
    const caller = callerOf(request);
    if (!caller.isSuperadmin) {
      if (body.salonId === null) throw new HttpError(403, 'Only a superadmin may create a user without a salon');
      if (body.permissionIds.includes(1)) throw new HttpError(403, 'Only a superadmin may grant SUPERADMIN');
    }
    if (body.salonId !== null && !(await q.salonExists(app.db, body.salonId))) {
      throw new HttpError(404, `Salon ${body.salonId} does not exist`, 'salonId');
    }
    assertPasswordAcceptable(body.password);
    assertEmploymentOrder(body.employmentStart, body.employmentEnd);
    await assertUsernameFree(app.db, body.username);
    const { password, ...user } = body;
    const passwordHash = await hashPassword(password);
    let userId: number;
    try {
      userId = await app.db.transaction().execute((tx) => q.insertUserWithPermissions(tx, { ...user, passwordHash }));
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, `The username '${body.username}' is already taken`, 'username');
      throw err;
    }
    const created = await getUserDtoById(app.db, userId, app.clock.pinnedToday);
    if (!created) throw new Error(`user ${userId} vanished after insert`);
    return shapeWholeUser(caller, created);
  });

  registerEndpoint(app, updateUser, MANAGERS, async ({ params, body }, request) => {
    const caller = callerOf(request);
    const target = await assertCanManageUser(app.db, caller, params.userId);
    if (body.salonId !== undefined && body.salonId !== target.salonId && !caller.isSuperadmin) {
      throw new HttpError(403, 'Only a superadmin may move a user to another salon');
    }
    if (body.salonId !== undefined && body.salonId !== null && !(await q.salonExists(app.db, body.salonId))) {
      throw new HttpError(404, `Salon ${body.salonId} does not exist`, 'salonId');
    }
    const current = await q.getEmploymentDates(app.db, params.userId);
    assertEmploymentOrder(
      body.employmentStart !== undefined ? body.employmentStart : current?.start,
      body.employmentEnd !== undefined ? body.employmentEnd : current?.end,
    );
    if (body.username !== undefined) await assertUsernameFree(app.db, body.username, params.userId);
    try {
      await q.updateUserRow(app.db, params.userId, body);
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, `The username '${body.username}' is already taken`, 'username');
      throw err;
    }
    const updated = await getUserDtoById(app.db, params.userId, app.clock.pinnedToday);
    if (!updated) throw new HttpError(404, `User ${params.userId} does not exist`, 'userId');
    return shapeWholeUser(caller, updated);
  });

  registerEndpoint(app, setOwnPassword, 'session', async ({ params, query }, request, reply) => {
    const caller = callerOf(request);
    if (params.userId !== caller.userId) {
      throw new HttpError(403, "You may change only your own password here; an administrator resets others' with SetPasswordAdmin");
    }
    const stored = await q.getCredentials(app.db, caller.userId);
    if (!stored) throw new HttpError(401, 'Unauthorized Access');
    // Wrong old passwords count as failed sign-ins of the user: a stolen session cannot guess the password.
    const windowStart = new Date(Date.now() - config.loginWindowMinutes * 60_000);
    const throttle = throttleOf(await countRecentFailures(app.db, stored.username, request.ip, windowStart), config);
    const tooMany = () => {
      reply.header('Retry-After', String(config.loginWindowMinutes * 60));
      return new HttpError(429, `Too many wrong passwords. Try again in ${config.loginWindowMinutes} minutes.`);
    };
    if (throttle === 'blocked') throw tooMany();
    if (!(await verifyPassword(query.oldPassword, stored.passwordHash))) {
      await recordFailure(app.db, stored.username, request.ip);
      if (throttle === 'right-only') throw tooMany();
      throw new HttpError(400, 'The old password (oldPassword) is not correct', 'oldPassword');
    }
    assertPasswordAcceptable(query.password);
    if (query.password === query.oldPassword) throw new HttpError(400, 'The new password must differ from the old one', 'password');
    const passwordHash = await hashPassword(query.password);
    const revokedSessions = await app.db.transaction().execute(async (tx) => {
      await q.setPasswordHash(tx, caller.userId, passwordHash);
      return q.revokeUserSessions(tx, caller.userId, new Date(), caller.sessionId);
    });
    return { success: true as const, revokedSessions };
  });

  registerEndpoint(app, setPasswordAdmin, MANAGERS, async ({ params, query }, request) => {
    const caller = callerOf(request);
    await assertCanManageUser(app.db, caller, params.userId);
    if (params.userId === caller.userId) {
      throw new HttpError(403, 'Change your own password with SetPassword: it checks your old password');
    }
    assertPasswordAcceptable(query.password);
    const passwordHash = await hashPassword(query.password);
    const revokedSessions = await app.db.transaction().execute(async (tx) => {
      await q.setPasswordHash(tx, params.userId, passwordHash);
      return q.revokeUserSessions(tx, params.userId, new Date());
    });
    return { success: true as const, revokedSessions };
  });
}
