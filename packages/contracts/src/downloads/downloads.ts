import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { ErrorResponse, SessionCode } from '../common/schemas.js';

/** How long a returned link works (seconds). */
export const DOWNLOAD_LINK_SECONDS = 300;

/**
 * What an export that "uses a returned link" (status.xlsx, Lost List status.xlsx, Nps.xlsx)
 * answers: a link that only the session that asked can open, for DOWNLOAD_LINK_SECONDS.
 */
export const DownloadLink = Type.Object(
  {
    link: Type.String({ description: 'Path of the file: GET it with the same session (the session code is in it) before expiresAt' }),
    fileName: Type.String({ description: 'The name to save the file as' }),
    expiresAt: Type.String({ description: 'ISO instant after which the link answers 404' }),
  },
  { description: 'A time-limited download link for the session that asked' },
);

export const DownloadToken = Type.String({
  pattern: '^[A-Za-z0-9_-]{43}$',
  description: 'The random token of one link (256 bits, base64url)',
});

export const getDownload = defineEndpoint({
  method: 'GET',
  path: '/api/Downloads/{SESSIONCODE}/{token}',
  summary:
    'The file of a returned link (an export). Only the session that asked for the link may open it, for 5 minutes; any other session, an expired or an unknown token: 404',
  tags: ['Downloads'],
  params: Type.Object({ SESSIONCODE: SessionCode, token: DownloadToken }),
  response: Type.String({ description: 'The file (Content-Type and Content-Disposition attachment with its name)' }),
  isFile: true,
  errors: { 404: ErrorResponse },
});
