import type { NewsDTO } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';

type NewsDto = Static<typeof NewsDTO>;

/** Who is reading: what decides which news they see, which they have read and which they may edit. */
export interface NewsReader {
  userId: number;
  /** Their salon; null for a chain-level user. */
  salonId: number | null;
  isSuperadmin: boolean;
  isAdmin: boolean;
}

export interface NewsScope {
  /**
   * 'all': every salon's and the chain's news (a superadmin without a salon filter);
   * a number: that salon's and the chain's; null: only the chain's.
   */
  salonId: number | null | 'all';
  /** Only this item. */
  newsId?: number;
  limit?: number;
  /** Skip this many (paging: the count already read). */
  offset?: number;
}

/** The news in a scope as the reader sees it (isRead, canEdit), newest first, with the totals. */
export async function listNews(db: DbOrTx, reader: NewsReader, scope: NewsScope) {
  const rows = await sql<{
    /** null on the totals row of a page past the end */
    id: number | null;
    salon_id: number | null;
    salon_name: string | null;
    title: string;
    body: string;
    author_id: number | null;
    author_name: string | null;
    published_at: Date;
    updated_at: Date | null;
    is_read: boolean;
    total: number;
    unread: number;
  }>`
    WITH visible AS (
      SELECT n.*,
             (n.author_id IS NOT DISTINCT FROM ${reader.userId}
              OR n.published_at <= coalesce((SELECT r.read_at FROM news_reads r WHERE r.user_id = ${reader.userId}), '-infinity'::timestamptz))
               AS is_read
      FROM news n
      WHERE (${scope.salonId === 'all'}::boolean OR n.salon_id IS NULL OR n.salon_id = ${scope.salonId === 'all' ? null : scope.salonId}::integer)
        AND (${scope.newsId ?? null}::integer IS NULL OR n.id = ${scope.newsId ?? null}::integer)
    ),
    totals AS (SELECT count(*) AS total, count(*) FILTER (WHERE NOT is_read) AS unread FROM visible),
    page AS (
      SELECT v.id, v.salon_id, s.name AS salon_name, v.title, v.body, v.author_id,
             nullif(trim(u.first_name || ' ' || u.last_name), '') AS author_name,
             v.published_at, v.updated_at, v.is_read
      FROM visible v
      LEFT JOIN salons s ON s.id = v.salon_id
      LEFT JOIN users u ON u.id = v.author_id
      ORDER BY v.published_at DESC, v.id DESC
      LIMIT ${scope.limit ?? 100} OFFSET ${scope.offset ?? 0}
    )
    -- The totals row joins the page, so a page past the end still carries the totals.
    SELECT p.*, t.total, t.unread
    FROM totals t
    LEFT JOIN page p ON true
    ORDER BY p.published_at DESC, p.id DESC
  `.execute(db);
  const items: NewsDto[] = rows.rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            newsId: row.id,
            salonId: row.salon_id,
            salonName: row.salon_name,
            title: row.title,
            body: row.body,
            authorId: row.author_id,
            authorName: row.author_name ?? '',
            publishedAt: new Date(row.published_at).toISOString(),
            updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
            isRead: row.is_read,
            canEdit: canEditNews(reader, row.salon_id),
          },
        ],
  );
  // Every row carries the totals of the whole scope (taken before LIMIT and OFFSET).
  const first = rows.rows[0];
  return { items, total: first ? Number(first.total) : 0, unreadCount: first ? Number(first.unread) : 0 };
}

/** A superadmin edits any news; an ADMIN their salon's (never the chain's). */
export function canEditNews(reader: NewsReader, newsSalonId: number | null): boolean {
  if (reader.isSuperadmin) return true;
  return reader.isAdmin && newsSalonId !== null && newsSalonId === reader.salonId;
}

export async function findNewsSalon(db: DbOrTx, newsId: number): Promise<{ salonId: number | null } | undefined> {
  const row = await db.selectFrom('news').select('salon_id').where('id', '=', newsId).executeTakeFirst();
  return row ? { salonId: row.salon_id } : undefined;
}

export async function insertNews(
  db: DbOrTx,
  item: { salonId: number | null; authorId: number; title: string; body: string },
): Promise<number> {
  const row = await db
    .insertInto('news')
    .values({ salon_id: item.salonId, author_id: item.authorId, title: item.title, body: item.body, updated_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateNewsRow(db: DbOrTx, newsId: number, changes: { title?: string; body?: string }): Promise<void> {
  await db
    .updateTable('news')
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.body !== undefined ? { body: changes.body } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', newsId)
    .execute();
}

export async function deleteNewsRow(db: DbOrTx, newsId: number): Promise<void> {
  await db.deleteFrom('news').where('id', '=', newsId).execute();
}

/** Everything published until now counts as read by the user. */
export async function markAllRead(db: DbOrTx, userId: number): Promise<void> {
  await sql`
    INSERT INTO news_reads (user_id, read_at) VALUES (${userId}, now())
    ON CONFLICT (user_id) DO UPDATE SET read_at = greatest(news_reads.read_at, excluded.read_at)
  `.execute(db);
}

export async function salonExists(db: DbOrTx, salonId: number): Promise<boolean> {
  return (await db.selectFrom('salons').select('id').where('id', '=', salonId).executeTakeFirst()) !== undefined;
}
