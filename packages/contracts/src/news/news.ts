import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { Id, SalonId, SessionCode, SessionParams } from '../common/schemas.js';

/*
 * News (/api/News/{session}: GET, POST, PUT, DELETE).
 * Title and body are plain text: the server stores them as written and never interprets HTML;
 * the screen shows them as text and makes links clickable.
 */

export const NewsDTO = Type.Object({
  newsId: Type.Integer({ description: 'The item id (the {id} of PUT/DELETE)' }),
  salonId: Type.Union([Type.Integer(), Type.Null()], { description: 'The salon it is for; null = the whole chain' }),
  salonName: Type.Union([Type.String(), Type.Null()], { description: "The salon's name; null for chain news" }),
  title: Type.String({ description: 'Plain text' }),
  body: Type.String({ description: 'Plain text; line breaks kept' }),
  authorId: Type.Union([Type.Integer(), Type.Null()], { description: 'Who wrote it (null when the user is gone)' }),
  authorName: Type.String({ description: "The author's first and last name; empty when unknown" }),
  publishedAt: Type.String({ description: 'Publication time, ISO instant' }),
  updatedAt: Type.Union([Type.String(), Type.Null()], { description: 'Last edit, ISO instant; null if never edited' }),
  isRead: Type.Boolean({ description: 'The caller has seen it (published before their last MarkRead, or written by them)' }),
  canEdit: Type.Boolean({ description: 'The caller may PUT/DELETE it: an ADMIN for their salon’s news, a SUPERADMIN for any' }),
});

export const NewsListResponse = Type.Object({
  items: Type.Array(NewsDTO, { description: 'Newest first (publication time, then id)' }),
  total: Type.Integer({ description: 'How many items the caller can read (before limit)' }),
  unreadCount: Type.Integer({ description: 'How many of them the caller has not read' }),
});

export const listNews = defineEndpoint({
  method: 'GET',
  path: '/api/News/{SESSIONCODE}',
  summary:
    "The news the caller reads: their salon's and the chain's; a SUPERADMIN reads all (or one salon's and the chain's with salonId). With the unread count",
  tags: ['News'],
  params: SessionParams,
  querystring: Type.Object({
    salonId: Type.Optional(SalonId),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 500, description: 'At most this many items (the quick panel asks 3); default 100' }),
    ),
    offset: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1000000,
        description: 'Skip this many of the newest first (the next page: the count already read); default 0',
      }),
    ),
  }),
  response: NewsListResponse,
});

const Title = Type.String({ minLength: 1, maxLength: 200, description: 'Plain text, 1-200 characters, not blank' });
const Body = Type.String({ minLength: 1, maxLength: 10000, description: 'Plain text, 1-10000 characters, not blank' });

export const createNews = defineEndpoint({
  method: 'POST',
  path: '/api/News/{SESSIONCODE}',
  summary: 'Publish news (ADMIN for their salon, SUPERADMIN for any salon or, with salonId null, the whole chain); published now',
  tags: ['News'],
  params: SessionParams,
  body: Type.Object({
    title: Title,
    body: Body,
    salonId: Type.Optional(
      Type.Union([SalonId, Type.Null()], {
        description: "The salon; null = the whole chain (SUPERADMIN only); omitted = the caller's own salon",
      }),
    ),
  }),
  response: NewsDTO,
});

export const updateNews = defineEndpoint({
  method: 'PUT',
  path: '/api/News/{SESSIONCODE}/{id}',
  summary: 'Edit the title or body of news (ADMIN for their salon’s, SUPERADMIN for any); omitted fields stay',
  tags: ['News'],
  params: Type.Object({ SESSIONCODE: SessionCode, id: Id }),
  body: Type.Object({ title: Type.Optional(Title), body: Type.Optional(Body) }),
  response: NewsDTO,
});

export const deleteNews = defineEndpoint({
  method: 'DELETE',
  path: '/api/News/{SESSIONCODE}/{id}',
  summary: 'Delete news (ADMIN for their salon’s, SUPERADMIN for any)',
  tags: ['News'],
  params: Type.Object({ SESSIONCODE: SessionCode, id: Id }),
  response: Type.Object({ success: Type.Literal(true, { description: 'The item is gone' }) }),
});

export const markNewsRead = defineEndpoint({
  method: 'POST',
  path: '/api/News/MarkRead/{SESSIONCODE}',
  summary: 'Mark every news item the caller can read, published until now, as read (the /news screen calls it when shown)',
  tags: ['News'],
  params: SessionParams,
  response: Type.Object({ unreadCount: Type.Integer({ description: 'Unread items left: 0' }) }),
});
