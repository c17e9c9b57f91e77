/**
 * place_months (customer heat-map places): per salon, month, the month of the client's
 * previous visit (prev_month, null for a first visit) and the client's place (city and postal code,
 * trimmed, null when blank), the client_days rows of the month joined to their client: how many
 * (days), how many of clients with coordinates (located_days) and the sums of those coordinates
 * (exact numeric), and their revenue. A range starting on the 1st reads its whole months here: its
 * distinct clients per place are the rows whose prev_month lies before the range (each client's
 * first row in it), their coordinates' averages are sums over those rows, and the revenue is every
 * row's; the days after the whole months are read from client_days. A year of a salon is a few
 * thousand rows instead of ~29,000 client days grouped per client and joined to ~14,000 clients.
 *
 * It follows client_days: refreshSalesRollup recomputes it with client_months for the months it
 * refreshes (fillMonths, db/rollups.ts), rebuildRollups for every month. It follows the clients too:
 * a statement trigger on clients moves the client_days rows of every inserted or deleted record,
 * and of every updated one whose salon, place or coordinates changed, from the old place to the new
 * one (old rows subtracted, new rows added per key, keys left without rows deleted), under the
 * salon's rollup lock (the one refreshSalesRollup takes), so the two never interleave on a salon.
 */
export const placeMonthsSchema = `
CREATE TABLE place_months (
  salon_id integer NOT NULL,
  month date NOT NULL,
  prev_month date,
  city text,
  postal_code text,
  days bigint NOT NULL,
  located_days bigint NOT NULL,
  latitude_sum numeric NOT NULL,
  longitude_sum numeric NOT NULL,
  revenue_cents bigint NOT NULL,
  CONSTRAINT place_months_key UNIQUE NULLS NOT DISTINCT (salon_id, month, prev_month, city, postal_code)
);
-- the keys left without rows, deleted after each move (usually none: a tiny index)
CREATE INDEX place_months_empty_idx ON place_months (salon_id) WHERE days = 0;
INSERT INTO place_months (salon_id, month, prev_month, city, postal_code, days, located_days, latitude_sum, longitude_sum, revenue_cents)
SELECT d.salon_id, date_trunc('month', d.day)::date, date_trunc('month', d.prev_day)::date, NULLIF(btrim(c.city), ''),
  NULLIF(btrim(c.postal_code), ''), count(*), count(*) FILTER (WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL),
  coalesce(sum(c.latitude::numeric) FILTER (WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL), 0),
  coalesce(sum(c.longitude::numeric) FILTER (WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL), 0), sum(d.revenue_cents)
FROM client_days d JOIN clients c ON c.salon_id = d.salon_id AND c.id = d.client_id
GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;

-- Moves the client_days rows of the records given (sign +1: a new row, -1: an old one) between places.
CREATE FUNCTION place_months_move(salons integer[], ids bigint[], cities text[], postals text[], lats double precision[],
  lons double precision[], signs integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(7310100, s) FROM (SELECT DISTINCT s FROM unnest(salons) s ORDER BY 1) x;
  INSERT INTO place_months AS t (salon_id, month, prev_month, city, postal_code, days, located_days, latitude_sum, longitude_sum, revenue_cents)
  SELECT d.salon_id, date_trunc('month', d.day)::date, date_trunc('month', d.prev_day)::date, NULLIF(btrim(k.city), ''),
    NULLIF(btrim(k.postal), ''), sum(k.sign), coalesce(sum(k.sign) FILTER (WHERE k.lat IS NOT NULL AND k.lon IS NOT NULL), 0),
    coalesce(sum(k.sign * k.lat::numeric) FILTER (WHERE k.lat IS NOT NULL AND k.lon IS NOT NULL), 0),
    coalesce(sum(k.sign * k.lon::numeric) FILTER (WHERE k.lat IS NOT NULL AND k.lon IS NOT NULL), 0), sum(k.sign * d.revenue_cents)
  FROM unnest(salons, ids, cities, postals, lats, lons, signs) k(salon_id, id, city, postal, lat, lon, sign)
  JOIN client_days d ON d.salon_id = k.salon_id AND d.client_id = k.id
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (salon_id, month, prev_month, city, postal_code) DO UPDATE SET days = t.days + excluded.days,
    located_days = t.located_days + excluded.located_days, latitude_sum = t.latitude_sum + excluded.latitude_sum,
    longitude_sum = t.longitude_sum + excluded.longitude_sum, revenue_cents = t.revenue_cents + excluded.revenue_cents;
  DELETE FROM place_months WHERE salon_id = ANY (salons) AND days = 0;
END
$fn$;

CREATE FUNCTION clients_place_months() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM place_months_move(array_agg(salon_id), array_agg(id), array_agg(city), array_agg(postal_code), array_agg(latitude),
      array_agg(longitude), array_agg(1)) FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM place_months_move(array_agg(salon_id), array_agg(id), array_agg(city), array_agg(postal_code), array_agg(latitude),
      array_agg(longitude), array_agg(sign))
    FROM (
      SELECT n.salon_id, n.id, n.city, n.postal_code, n.latitude, n.longitude, 1 AS sign
      FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE (o.salon_id, o.city, o.postal_code, o.latitude, o.longitude) IS DISTINCT FROM (n.salon_id, n.city, n.postal_code, n.latitude, n.longitude)
      UNION ALL
      SELECT o.salon_id, o.id, o.city, o.postal_code, o.latitude, o.longitude, -1
      FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
      WHERE (o.salon_id, o.city, o.postal_code, o.latitude, o.longitude) IS DISTINCT FROM (n.salon_id, n.city, n.postal_code, n.latitude, n.longitude)
    ) k;
  ELSE
    PERFORM place_months_move(array_agg(salon_id), array_agg(id), array_agg(city), array_agg(postal_code), array_agg(latitude),
      array_agg(longitude), array_agg(-1)) FROM old_rows;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER clients_place_months_ins AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_place_months();
CREATE TRIGGER clients_place_months_upd AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_place_months();
CREATE TRIGGER clients_place_months_del AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_place_months();
ANALYZE place_months;
`;
