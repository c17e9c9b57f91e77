// Prints the URL of a new, empty database on the PostgreSQL server at $PG_ADMIN_URL
// (default postgresql://postgres@127.0.0.1:5432/test), or exits 1 when none answers.
import pg from 'pg';

const adminUrl = process.env.PG_ADMIN_URL || 'postgresql://postgres@127.0.0.1:5432/test';
const name = `salon_ci_${Date.now().toString(36)}`;
const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(url.toString());
} catch {
  process.exit(1);
}
