import { createNews, deleteNews, listNews, markNewsRead, updateNews } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import * as q from './news.query.js';

/** Who writes news (management writes need ADMIN or SUPERADMIN). */
const WRITERS = ['SUPERADMIN', 'ADMIN'] as const;

type Caller = ReturnType<typeof callerOf>;

function readerOf(caller: Caller): q.NewsReader {
  return { userId: caller.userId, salonId: caller.salonId, isSuperadmin: caller.isSuperadmin, isAdmin: caller.roles.includes('ADMIN') };
}

/** Plain text kept as written, but a title or body of blanks only is no news. */
function notBlank(value: string, field: 'title' | 'body'): string {
  if (value.trim() === '') throw new HttpError(400, `The ${field} must not be blank`, field);
  return field === 'title' ? value.trim() : value;
}

async function assertCanEdit(app: FastifyInstance, caller: Caller, newsId: number): Promise<void> {
  const item = await q.findNewsSalon(app.db, newsId);
  if (!item) throw new HttpError(404, `News ${newsId} does not exist`, 'id');
  if (q.canEditNews(readerOf(caller), item.salonId)) return;
  throw new HttpError(
    403,
    item.salonId === null ? 'Only a superadmin may change news for the whole chain' : `You may not change news of salon ${item.salonId}`,
  );
}

async function newsItem(app: FastifyInstance, caller: Caller, newsId: number) {
  const { items } = await q.listNews(app.db, readerOf(caller), { salonId: 'all', newsId, limit: 1 });
  const item = items[0];
  if (!item) throw new HttpError(404, `News ${newsId} does not exist`, 'id');
  return item;
}

export async function newsRoutes(app: FastifyInstance) {
  registerEndpoint(app, listNews, 'session', async ({ query }, request) => {
    const caller = callerOf(request);
    // The auth plugin has already refused another salon's salonId to a non-superadmin.
    const salonId = caller.isSuperadmin ? (query.salonId ?? 'all') : caller.salonId;
    return q.listNews(app.db, readerOf(caller), {
      salonId,
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      ...(query.offset !== undefined ? { offset: query.offset } : {}),
    });
  });

  registerEndpoint(app, createNews, WRITERS, async ({ body }, request) => {
    const caller = callerOf(request);
    const salonId = body.salonId === undefined ? caller.salonId : body.salonId;
    if (salonId === null) {
      if (!caller.isSuperadmin) throw new HttpError(403, 'Only a superadmin may publish news for the whole chain');
    } else {
      if (!caller.isSuperadmin && !caller.roles.includes('ADMIN')) throw new HttpError(403, 'Your role does not allow this call');
      if (!(await q.salonExists(app.db, salonId))) throw new HttpError(404, `Salon ${salonId} does not exist`, 'salonId');
    }
    const newsId = await q.insertNews(app.db, {
      salonId,
      authorId: caller.userId,
      title: notBlank(body.title, 'title'),
      body: notBlank(body.body, 'body'),
    });
    return newsItem(app, caller, newsId);
  });

  registerEndpoint(app, updateNews, WRITERS, async ({ params, body }, request) => {
    const caller = callerOf(request);
    await assertCanEdit(app, caller, params.id);
    await q.updateNewsRow(app.db, params.id, {
      ...(body.title !== undefined ? { title: notBlank(body.title, 'title') } : {}),
      ...(body.body !== undefined ? { body: notBlank(body.body, 'body') } : {}),
    });
    return newsItem(app, caller, params.id);
  });

  registerEndpoint(app, deleteNews, WRITERS, async ({ params }, request) => {
    await assertCanEdit(app, callerOf(request), params.id);
    await q.deleteNewsRow(app.db, params.id);
    return { success: true as const };
  });

  registerEndpoint(app, markNewsRead, 'session', async (_input, request) => {
    await q.markAllRead(app.db, callerOf(request).userId);
    return { unreadCount: 0 };
  });
}
