// Test helper process (db/embedded.test.ts): opens the embedded database in the folder given,
// writes a salon, prints "ready <postmaster pid>" and waits to be killed.
import { openDatabase } from '../db/connect.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: open-embedded.ts DATA_DIR');
const database = await openDatabase({ dataDir });
await database.db
  .insertInto('salons')
  .values({ name: 'Killed', code: `KILL9-${process.pid}`, city: 'Roma', opening_hours: '{}' })
  .execute();
process.stdout.write(`ready ${database.embedded?.pid()}\n`);
setInterval(() => {}, 1 << 30);
