/** What a step of the schema is (its own module: migrations.ts lists the steps, some of which live in files of their own). */
import type Database from 'better-sqlite3';

/** One step of the schema. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly up: (db: Database.Database) => void;
}
