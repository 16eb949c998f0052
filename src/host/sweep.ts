// Storage that cleans up after crashes: uploads left pending past their TTL go, rows and bytes;
// and blobs that a crash stranded go too: temporary ones (an upload cut off mid-body) and
// committed ones that no row names (a crash between writing the bytes and recording them).
// Blobs younger than the grace period are left alone: another process may be writing or
// recording them right now.
import type { BlobStore } from "./blobs.js";
import type { HostStore } from "./store.js";

/** What a sweep removed. */
export interface SweepResult {
  /** Pending uploads past their TTL (rows and bytes). */
  expired: number;
  /** Stranded blobs: temporary ones, and ones no row names. */
  stranded: number;
}

export interface SweepOptions {
  /** Pending uploads older than this go. */
  pendingTtlMs: number;
  /** Blobs last written within this are never stranded (an upload may still be under way). */
  graceMs: number;
  now?: number;
}

export async function sweepStorage(store: HostStore, blobs: BlobStore, options: SweepOptions): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const expiredFiles = await store.deleteStalePending(new Date(now - options.pendingTtlMs).toISOString());
  for (const file of expiredFiles) await blobs.delete(file);
  let stranded = 0;
  for (const entry of await blobs.list()) {
    if (entry.modifiedAt > now - options.graceMs) continue;
    if (entry.temporary || !(await store.hasFile(entry.key))) {
      await blobs.delete(entry.key, entry.temporary);
      stranded++;
    }
  }
  return { expired: expiredFiles.length, stranded };
}
