/**
 * Sign-in timing: median time of a wrong password for an existing username against an unknown
 * username, through the app (inject), on the database at DATABASE_URL (a fresh one: it adds a user).
 * Usage: DATABASE_URL=... node --import tsx bench/login-timing.ts [rounds]
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { hashPassword } from '../src/lib/password.js';

const rounds = Number(process.argv[2] ?? 40);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is needed');
const database = await openDatabase({ databaseUrl, poolSize: 2 });
const config = {
  ...loadConfig({}),
  demo: false,
  sessionSecret: 'login-timing-login-timing-login-timing',
  webDist: '/nonexistent',
  loginMaxFailuresPerAddress: 1_000_000,
  loginMaxFailuresPerUserAndAddress: 1_000_000,
};
const app = await buildApp({ config, database });
await app.ready();
await database.db
  .insertInto('users')
  .values({ username: 'timing-user', salon_id: null, password_hash: await hashPassword('right-password-1') })
  .onConflict((oc) => oc.doNothing())
  .execute();

async function timeLogin(username: string): Promise<number> {
  const start = process.hrtime.bigint();
  const res = await app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username, password: 'wrong-password-1' } });
  if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < 3; i++) await timeLogin('timing-user'); // warm-up
for (let i = 0; i < rounds; i++) {
  known.push(await timeLogin('timing-user'));
  unknown.push(await timeLogin(`nobody-${i}`));
}
console.log(`wrong password, existing username: median ${median(known).toFixed(1)} ms (${rounds} tries)`);
console.log(`unknown username:                  median ${median(unknown).toFixed(1)} ms (${rounds} tries)`);
await app.close();
await database.close();
