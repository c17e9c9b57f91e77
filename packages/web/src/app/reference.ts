import * as contracts from '@salon/contracts';
import { type Endpoint, REPORT_ACCESS, ROLE_GROUPS, ROLES, type Role } from '@salon/contracts';
import { type NavigationItem, navigation } from './navigation';
import { appRoutes, REPORT_DETAIL_PATHS } from './routes';

// docs/reference.md, written from the contracts, the route table and the menu so that it cannot drift
// from them: reference.test.ts compares the file with renderReference() and rewrites it on request.

const CONVENTIONS = `## API conventions

- **Paths.** Every call is \`/api/...\`; a path's placeholders are in braces. Paths, their spelling
  and the messages below are part of the product: clients depend on them.
- **Session code.** Sign-in answers a session code; a call behind a session carries it in the path
  (\`{SESSIONCODE}\`), or in a \`sessionCode\` query parameter, or as \`Authorization: Bearer <code>\`.
  A missing, expired or revoked code answers 401 whatever else is wrong with the request, and the web
  app signs out on any 401. Sessions expire after \`SESSION_IDLE_MINUTES\` unused and after
  \`SESSION_MAX_HOURS\` in all.
- **Roles and salons.** A call checks the caller's roles (403) and every \`salonId\` in its path, query
  or body against the caller's salon (403 unless SUPERADMIN).
- **Errors.** Every error is JSON \`{ statusCode, error, message, parameter? }\`: 400 for bad input, naming
  the parameter; 401 no valid session; 403 not allowed; 404 a named record that does not exist; 409 a
  write that conflicts with stored data (the message names what it clashes with); 413 an upload too large;
  429 too many failed sign-ins; 503 the database is unavailable (with \`Retry-After\`). A client's mistake
  is never a 500.
- **Numbers.** Path and query numbers are plain decimal digits (\`1e3\`, \`0x10\` and \`Infinity\` are refused).
- **Dates and times.** Dates are calendar dates \`YYYY-MM-DD\` (an impossible date is a 400). A report
  range \`fromDate..toDate\` includes both days and spans at most five years. "Today" is the salon's day
  in its own time zone; shift and attendance times are the salon's wall-clock times, without an offset.
- **Money.** Amounts are euros as JSON numbers with 2 decimals (stored as integer cents).
- **Fixed messages.** Some failures answer fixed English messages, kept word for word; the web app
  translates them (\`packages/web/src/locales/*/messages.json\` has them as keys).
- **Files.** A download is either the answer itself (PDF, XLSX, CSV) or, where a call "returns a link",
  a short-lived link for the session that asked.
- **Documentation.** \`/api/docs\` (browsable) and \`/api/docs/json\` (OpenAPI) describe every call and field.
`;

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

/** Every endpoint the contracts define: exported alone, in a plain/gender pair, or in a map of endpoints. */
export function contractEndpoints(): Endpoint[] {
  const found = new Map<string, Endpoint>();
  for (const value of Object.values(contracts as Record<string, unknown>)) {
    const candidates = isEndpoint(value) ? [value] : typeof value === 'object' && value !== null ? Object.values(value) : [];
    for (const candidate of candidates) if (isEndpoint(candidate)) found.set(`${candidate.method} ${candidate.path}`, candidate);
  }
  return [...found.values()];
}

const sameRoles = (a: readonly Role[], b: readonly Role[]) => a.length === b.length && a.every((role) => b.includes(role));

/** Who an `auth` list lets in, in words. */
function who(auth: readonly Role[] | undefined): string {
  if (auth === undefined) return 'everyone';
  if (auth.length === 0) return 'guests only (not signed in)';
  if (sameRoles(auth, ROLES)) return 'every role';
  return ROLES.filter((role) => auth.includes(role)).join(', ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function menuLines(items: readonly NavigationItem[], depth: number): string[] {
  return items.flatMap((item) => {
    if (item.type === 'divider') return [];
    const indent = '  '.repeat(depth);
    const level = item.auth ? who(item.auth) : depth === 0 ? 'as its entries' : 'as its group';
    const target = item.url ? ` \`${item.url}\`` : '';
    return [`${indent}- **${item.title}**${target}: ${level}`, ...menuLines(item.children ?? [], depth + 1)];
  });
}

function menuPaths(items: readonly NavigationItem[]): string[] {
  return items.flatMap((item) => [...(item.url ? [item.url] : []), ...menuPaths(item.children ?? [])]);
}

export function renderReference(): string {
  const out: string[] = [
    '# Product reference',
    '',
    'Generated from the contracts (`packages/contracts`), the web route table (`packages/web/src/app/routes.tsx`)',
    'and the menu (`packages/web/src/app/navigation.ts`); do not edit by hand. `packages/web/src/app/reference.test.ts`',
    'fails when this file is stale; `UPDATE_REFERENCE=1 npx vitest run src/app/reference.test.ts` in `packages/web`',
    'rewrites it.',
    '',
    CONVENTIONS,
    '## Roles and menu levels',
    '',
    'A user holds roles (from permissions of the same names). The menu shows an entry to the roles of its',
    "level; a report's API answers the roles of its screens' level, and SUPERADMIN always.",
    '',
    '| menu level | roles |',
    '|---|---|',
    ...Object.entries(ROLE_GROUPS).map(([level, roles]) => `| ${level} | ${roles.join(', ')} |`),
    '',
    '| report API level | roles that may call it |',
    '|---|---|',
    ...Object.entries(REPORT_ACCESS).map(([level, roles]) => `| ${level} | ${roles.join(', ')} |`),
    '',
    'A user with no role sees only a page saying so and Logout. A superadmin sees the chain entries, and a',
    "chosen salon's reports as its ADMIN sees them.",
    '',
    '## Menu',
    '',
    ...menuLines(navigation, 0),
    '',
    '## Screens',
    '',
    'Every screen the web app routes to (paths are case-sensitive). Report screens open to every signed-in',
    'role; the API behind each enforces its level. `/` sends each user to their landing page.',
    '',
    '| path | who may open it | reached from |',
    '|---|---|---|',
  ];
  const inMenu = new Set(menuPaths(navigation));
  for (const route of [...appRoutes].sort((a, b) => a.path.localeCompare(b.path))) {
    const from = inMenu.has(route.path)
      ? 'the menu'
      : REPORT_DETAIL_PATHS.includes(route.path)
        ? 'another report'
        : route.guestOnly
          ? 'signing in'
          : route.auth === undefined
            ? 'any unknown path'
            : 'the user menu';
    out.push(`| \`${route.path}\` | ${who(route.auth)} | ${from} |`);
  }
  out.push('', '## API', '', 'Every call, by tag. The schemas of each call are in `/api/docs`.', '');
  const byTag = new Map<string, Endpoint[]>();
  for (const endpoint of contractEndpoints()) {
    const tag = endpoint.tags[0] ?? 'Other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), endpoint]);
  }
  for (const tag of [...byTag.keys()].sort()) {
    out.push(`### ${tag}`, '', '| method | path | what it does |', '|---|---|---|');
    const endpoints = (byTag.get(tag) ?? []).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
    for (const endpoint of endpoints) out.push(`| ${endpoint.method} | \`${endpoint.path}\` | ${cell(endpoint.summary)} |`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
