import { initialSchema } from './001-initial.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Append new migrations at the end; never edit one that has shipped. */
export const migrations: Migration[] = [{ version: 1, name: 'initial', sql: initialSchema }];
