import type { Role } from '../db/database.js';

/** The signed-in user of a request (plugins/auth.ts sets it from the session). */
export interface Caller {
  userId: number;
  salonId: number | null;
  roles: Role[];
  sessionId: number;
  isSuperadmin: boolean;
}
