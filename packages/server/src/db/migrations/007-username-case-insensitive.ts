/**
 * User names are case-insensitive ('Manager' signs in as 'manager'): one unique index on
 * lower(username) replaces the case-sensitive UNIQUE, so no two users can differ only in case,
 * and sign-in finds the user through it. Throttled sign-in failures are kept under the
 * lower-cased name from now on; older rows are lower-cased to count with them. Fails (naming
 * the duplicate) on a database that already holds two names differing only in case: rename one
 * and start again.
 */
export const usernameCaseInsensitiveSchema = `
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
ALTER TABLE users DROP CONSTRAINT users_username_key;
UPDATE login_failures SET username = lower(username) WHERE username <> lower(username);
`;
