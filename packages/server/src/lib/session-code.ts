import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A session code is `s1.<256-bit random id>.<absolute expiry, unix seconds>.<HMAC-SHA256>`:
 * the client can read its expiry, the server rejects any code it did not sign,
 * and the database keeps only a hash of it.
 */
const PREFIX = 's1';

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

export function createSessionCode(secret: string, expiresMax: Date): string {
  const body = `${PREFIX}.${randomBytes(32).toString('base64url')}.${Math.floor(expiresMax.getTime() / 1000)}`;
  return `${body}.${sign(secret, body)}`;
}

export type CodeCheck = { ok: true; expiresMax: Date } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

/** Checks the signature and the embedded expiry; the database check comes after. */
export function verifySessionCode(secret: string, code: string, now = new Date()): CodeCheck {
  const parts = code.split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX || !/^\d{1,12}$/.test(parts[2] ?? '')) return { ok: false, reason: 'malformed' };
  const body = parts.slice(0, 3).join('.');
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(parts[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
  const expiresMax = new Date(Number(parts[2]) * 1000);
  if (expiresMax <= now) return { ok: false, reason: 'expired' };
  return { ok: true, expiresMax };
}

export function hashSessionCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Replaces session codes and passwords in a URL, for logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/s1\.[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+/g, '[session]')
    .replace(/([?&](?:password|oldPassword|sessionCode)=)[^&]*/gi, '$1[redacted]');
}
