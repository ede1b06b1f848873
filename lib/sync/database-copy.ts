import { closeSync, copyFileSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { buildInProgress, buildingMarker } from "@/lib/db/build-marker";
import type { Progress } from "@/lib/ingest/progress";
import { SyncError } from "./sync-error";

/** What a change made of the copy. */
export interface CopyChange<T> {
  result: T;
  /** False when nothing changed: the copy is dropped and the database left as it was. */
  changed: boolean;
}

export interface CopyTimings {
  /** Milliseconds copying the file, changing the copy, fsync, and the rename. */
  copy: number;
  change: number;
  sync: number;
  rename: number;
}

const elapsed = (started: number) => performance.now() - started;

/**
 * Changes a built database without a rebuild, atomically for readers: the change is written into a
 * copy of the file, which is then renamed over the original. A reader's open connection keeps the
 * old inode, whole, until lib/db/market-db.ts sees the new inode and opens the new file, so it reads
 * the old state or the new one, never part of a change. Writing into the live file instead would
 * need WAL (the app opens it read-only, in rollback-journal mode) and would leave the app's
 * per-connection caches (computed days, the in-memory passage vectors) stale; a new file is a new
 * connection with none. The copy is a file copy (copy_file_range), a few seconds for the whole
 * market's ~900 MB, against minutes for a rebuild; no one else writes the file meanwhile (the build
 * marker, which also makes a second change wait for a rerun). `label` starts its progress lines.
 */
export function changeInCopy<T>(databasePath: string, label: string, change: (db: Database.Database) => CopyChange<T>, progress: Progress): { result: T; replaced: boolean; timings: CopyTimings } {
  if (buildInProgress(databasePath)) throw new SyncError(`${databasePath} is being written by another build, append or sync`);
  let inode: number;
  try {
    inode = statSync(databasePath).ino;
  } catch {
    throw new SyncError(`${databasePath}: no database to change (build one: npm run ingest)`);
  }
  const marker = buildingMarker(databasePath);
  const temporary = `${databasePath}.change-${process.pid}`;
  writeFileSync(marker, String(process.pid));
  try {
    let started = performance.now();
    copyFileSync(databasePath, temporary);
    const copy = elapsed(started);
    progress(`${label}: copied the database in ${(copy / 1000).toFixed(1)} s`);
    started = performance.now();
    const db = new Database(temporary);
    let outcome: CopyChange<T>;
    try {
      // The copy is private until renamed and removed on any failure: no journal is needed.
      db.pragma("journal_mode = OFF");
      db.pragma("synchronous = OFF");
      outcome = change(db);
    } finally {
      db.close();
    }
    const changed = elapsed(started);
    if (!outcome.changed) {
      rmSync(temporary, { force: true });
      return { result: outcome.result, replaced: false, timings: { copy, change: changed, sync: 0, rename: 0 } };
    }
    started = performance.now();
    const fd = openSync(temporary, "r+");
    fsyncSync(fd);
    closeSync(fd);
    const sync = elapsed(started);
    if (statSync(databasePath).ino !== inode) throw new SyncError(`${databasePath} was replaced meanwhile; run the sync again`);
    started = performance.now();
    renameSync(temporary, databasePath);
    return { result: outcome.result, replaced: true, timings: { copy, change: changed, sync, rename: elapsed(started) } };
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    rmSync(marker, { force: true });
  }
}
