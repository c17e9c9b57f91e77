import { randomBytes } from 'node:crypto';
import type { SessionResponse } from '@salon/contracts';
import type { Static } from 'typebox';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../lib/caller.js';
import { clearFailures, countRecentFailures, recordFailure, throttleOf } from '../../lib/login-failures.query.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.js';
import { type CodeCheck, createSessionCode, hashSessionCode, verifySessionCode } from '../../lib/session-code.js';
import { CHAIN_TIME_ZONE, dateInZone } from '../../lib/today.js';
import { getUserDtoById, listUserPermissionDtos } from '../../lib/users.query.js';
import * as q from './sessions.query.js';

export type AuthFailure = 'missing' | 'malformed' | 'forged' | 'expired' | 'revoked' | 'unknown' | 'employment-ended';

/** Whether a user's employment has ended: their employmentEnd is before today in their salon's zone (the chain's for chain-level users). */
export function hasEmploymentEnded(user: { employmentEnd: string | null; timeZone: string | null }, now: Date): boolean {
  return user.employmentEnd !== null && user.employmentEnd < dateInZone(now, user.timeZone ?? CHAIN_TIME_ZONE);
}

export type LoginResult =
  | { ok: true; response: Static<typeof SessionResponse> }
  | { ok: false; status: 400 | 401; errors: { username?: string; password?: string } }
  | { ok: false; status: 429; retryAfterSeconds: number };

/** Sessions: sign-in with throttling, the check of a code on every call, sliding expiry, logout. */
export class SessionService {
  private constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly secret: string,
  ) {}

  static async create(db: Db, config: Config): Promise<SessionService> {
    const secret = config.sessionSecret ?? (await q.getOrCreateSecret(db, 'session', () => randomBytes(32).toString('base64url')));
    return new SessionService(db, config, secret);
  }

  async login(username: string | undefined, password: string | undefined, address: string, now = new Date()): Promise<LoginResult> {
    const errors: { username?: string; password?: string } = {};
    if (!username?.trim()) errors.username = 'Please enter your username';
    if (!password) errors.password = 'Please enter your password';
    if (errors.username || errors.password) return { ok: false, status: 400, errors };
    const name = (username as string).trim();
    const windowStart = new Date(now.getTime() - this.config.loginWindowMinutes * 60_000);
    const throttle = throttleOf(await countRecentFailures(this.db, name, address, windowStart), this.config);
    const tooMany = { ok: false, status: 429, retryAfterSeconds: this.config.loginWindowMinutes * 60 } as const;
    if (throttle === 'blocked') return tooMany;
    const user = await q.findUserForLogin(this.db, name);
    const valid = user ? await verifyPassword(password as string, user.password_hash) : await verifyAgainstDummy(password as string);
    // A former staff member is answered like a wrong password, and counted as one.
    if (!user || !valid || hasEmploymentEnded(user, now)) {
      await recordFailure(this.db, name, address);
      if (throttle === 'right-only') return tooMany;
      // One message for both fields: never tell which usernames exist.
      return { ok: false, status: 401, errors: { username: 'Check your username', password: 'Check your password' } };
    }
    await clearFailures(this.db, name, address, windowStart);
    const expiresMax = new Date(now.getTime() + this.config.sessionMaxHours * 3_600_000);
    const expiresAt = this.slidingExpiry(now, expiresMax);
    const code = createSessionCode(this.secret, expiresMax);
    const sessionId = await q.insertSession(this.db, user.id, hashSessionCode(code), expiresAt, expiresMax);
    return { ok: true, response: await this.describe(sessionId, user.id, code, expiresAt, expiresMax) };
  }

  /** Resolves a code to its caller, sliding its expiry; a reason when it is not valid. */
  async authenticate(
    code: string | undefined,
    now = new Date(),
  ): Promise<{ ok: true; caller: Caller; expiresAt: Date; expiresMax: Date } | { ok: false; reason: AuthFailure }> {
    if (!code) return { ok: false, reason: 'missing' };
    const check: CodeCheck = verifySessionCode(this.secret, code, now);
    if (!check.ok) return { ok: false, reason: check.reason };
    const session = await q.findSessionCaller(this.db, hashSessionCode(code));
    if (!session) return { ok: false, reason: 'unknown' };
    if (session.revokedAt) return { ok: false, reason: 'revoked' };
    if (session.expiresAt <= now || session.expiresMax <= now) return { ok: false, reason: 'expired' };
    if (session.foundUserId === null) return { ok: false, reason: 'unknown' };
    if (hasEmploymentEnded(session, now)) return { ok: false, reason: 'employment-ended' };
    let expiresAt = session.expiresAt;
    // Slide at most once a minute: no write on every request.
    if (now.getTime() - session.lastSeenAt.getTime() > 60_000) {
      expiresAt = this.slidingExpiry(now, session.expiresMax);
      await q.touchSession(this.db, session.sessionId, now, expiresAt);
    }
    const { roles } = session;
    return {
      ok: true,
      caller: {
        userId: session.foundUserId,
        salonId: session.salonId,
        roles,
        sessionId: session.sessionId,
        isSuperadmin: roles.includes('SUPERADMIN'),
      },
      expiresAt,
      expiresMax: session.expiresMax,
    };
  }

  async check(code: string, now = new Date()) {
    const auth = await this.authenticate(code, now);
    if (!auth.ok) return auth;
    return {
      ok: true as const,
      response: await this.describe(auth.caller.sessionId, auth.caller.userId, code, auth.expiresAt, auth.expiresMax),
    };
  }

  async logout(sessionId: number, now = new Date()): Promise<void> {
    await q.revokeSession(this.db, sessionId, now);
  }

  private slidingExpiry(now: Date, expiresMax: Date): Date {
    return new Date(Math.min(now.getTime() + this.config.sessionIdleMinutes * 60_000, expiresMax.getTime()));
  }

  private async describe(sessionId: number, userId: number, code: string, expiresAt: Date, expiresMax: Date) {
    const userDTO = await getUserDtoById(this.db, userId);
    if (!userDTO) throw new Error(`user ${userId} vanished`);
    return {
      success: true as const,
      sessionId,
      sessionCode: code,
      expiryDate: expiresAt.toISOString(),
      expiryDateMax: expiresMax.toISOString(),
      userDTO,
      userPermissionsDTO: await listUserPermissionDtos(this.db, userId),
    };
  }
}
