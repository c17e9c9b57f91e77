/**
 * Every rollup is declared in the model (db/rollups/): no writer refills a rollup in its own transaction any
 * more, it only appends the keys it made stale. The salon rollup lock that made two writers of one salon take
 * turns in those refills goes, with the triggers that took it.
 */
export const salonRollupLocksGoSchema = `
DO $d$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT tg.tgname, tg.tgrelid::regclass AS rel FROM pg_trigger tg
    WHERE NOT tg.tgisinternal AND tg.tgfoid = 'salon_rollup_lock'::regproc
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', t.tgname, t.rel);
  END LOOP;
END $d$;
DROP FUNCTION salon_rollup_lock();
`;
