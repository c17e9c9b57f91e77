/**
 * A salon's holiday calendar, as far as its manager sets it: closures (a day or a range, with a
 * label) and the patron-saint day (a month and day, every year). The national holidays are
 * computed (lib/holidays.ts), never stored. A closure's days never overlap another closure's.
 */
export const salonHolidaysSchema = `
CREATE TABLE salon_closures (
  salon_id integer NOT NULL REFERENCES salons(id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  start_day date NOT NULL,
  end_day date NOT NULL,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (salon_id, id),
  UNIQUE (id),
  CHECK (end_day >= start_day AND end_day - start_day < 366),
  EXCLUDE USING gist (salon_id WITH =, daterange(start_day, end_day, '[]') WITH &&)
);

CREATE TABLE salon_patron_days (
  salon_id integer PRIMARY KEY REFERENCES salons(id),
  month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  day smallint NOT NULL CHECK (day BETWEEN 1 AND 31),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
  updated_by integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (make_date(2001, month, day) IS NOT NULL)
);
`;
