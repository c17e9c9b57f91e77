import { randomBytes } from 'node:crypto';
import { DOWNLOAD_LINK_SECONDS, fillPath, getDownload } from '@salon/contracts';

/** What a link hands out: the file is built when it is downloaded (the export's data as of then). */
export interface DownloadSource {
  fileName: string;
  contentType: string;
  produce: () => Promise<Buffer>;
}

interface Entry extends DownloadSource {
  sessionId: number;
  expiresAt: number;
}

/** At most this many links live at once; the oldest go first. */
const MAX_LINKS = 2000;

/**
 * The time-limited download links of the "returned link" exports: a random
 * 256-bit token bound to the session that asked, valid for DOWNLOAD_LINK_SECONDS. Kept in memory: a link
 * is for the next few minutes of one session, and a restart (which ends nothing else) only means asking
 * again. The file is produced on download, under the caller's access as checked when the link was made.
 */
export class DownloadLinks {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = DOWNLOAD_LINK_SECONDS * 1000,
  ) {}

  /** A new link for the caller's session; `sessionCode` is the code of the request (it goes into the link's path). */
  create(caller: { sessionId: number }, sessionCode: string, source: DownloadSource) {
    this.sweep();
    while (this.entries.size >= MAX_LINKS) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = this.now() + this.ttlMs;
    this.entries.set(token, { ...source, sessionId: caller.sessionId, expiresAt });
    return {
      link: fillPath(getDownload.path, { SESSIONCODE: sessionCode, token }),
      fileName: source.fileName,
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  /** The link's source when it exists, has not expired and belongs to this session; else undefined. */
  open(caller: { sessionId: number }, token: string): DownloadSource | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.sessionId === caller.sessionId ? entry : undefined;
  }

  /** How many links are alive (tests). */
  get size(): number {
    this.sweep();
    return this.entries.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [token, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(token);
  }
}
