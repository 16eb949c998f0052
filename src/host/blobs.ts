// Where attachment bytes live. The kit asks a `BlobStore`; `createDiskBlobStore` keeps them as
// files under a folder. A blob is written under a temporary name and becomes visible under its
// key only when committed; `reconcileBlobs` (run on start and with every sweep) deletes what a
// crash left: temporary blobs, and blobs that no row names.
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { once } from "node:events";
import { join } from "node:path";
import { Readable } from "node:stream";

/** A blob being written. */
export interface BlobWriter {
  /** Appends bytes. */
  write(chunk: Uint8Array): Promise<void>;
  /** Makes the bytes readable under the key. */
  commit(): Promise<void>;
  /** Deletes what was written. */
  abort(): Promise<void>;
}

/** A blob found by `list`: its key, whether it is still temporary, and when it was last written. */
export interface BlobEntry {
  key: string;
  temporary: boolean;
  modifiedAt: number;
}

/** Where attachment bytes live (`createDiskBlobStore` keeps them in a folder). */
export interface BlobStore {
  /** Starts writing a blob under `key`; it is readable once the writer commits. */
  create(key: string): Promise<BlobWriter>;
  /** The bytes under `key`, or `undefined` when there are none. */
  read(key: string): Promise<ReadableStream<Uint8Array> | undefined>;
  /** Deletes the blob under `key`, or with `temporary` the unfinished one being written under it. */
  delete(key: string, temporary?: boolean): Promise<void>;
  /** Every blob, finished or temporary (the sweep deletes strays). */
  list(): Promise<BlobEntry[]>;
}

/** The folder of attachment bytes inside the data folder, and the prefix of their keys. */
export const ATTACHMENTS_DIR = "attachments";
/** The suffix of a blob still being written. */
const TEMPORARY_SUFFIX = ".part";

/** Blobs as files under `dir`; keys are paths relative to it (`attachments/upload_…`). */
export function createDiskBlobStore(dir: string): BlobStore {
  const folder = join(dir, ATTACHMENTS_DIR);
  const pathOf = (key: string) => join(dir, key);
  return {
    async create(key) {
      await mkdir(folder, { recursive: true });
      const final = pathOf(key);
      const partial = `${final}${TEMPORARY_SUFFIX}`;
      const out = createWriteStream(partial);
      return diskWriter(out, partial, final);
    },
    async read(key) {
      const info = await stat(pathOf(key)).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return Readable.toWeb(createReadStream(pathOf(key))) as ReadableStream<Uint8Array>;
    },
    delete: (key, temporary = false) => rm(`${pathOf(key)}${temporary ? TEMPORARY_SUFFIX : ""}`, { force: true }),
    async list() {
      const names = await readdir(folder).catch(() => [] as string[]);
      const entries: BlobEntry[] = [];
      for (const name of names) {
        const info = await stat(join(folder, name)).catch(() => undefined);
        if (!info?.isFile()) continue;
        const temporary = name.endsWith(TEMPORARY_SUFFIX);
        const key = `${ATTACHMENTS_DIR}/${temporary ? name.slice(0, -TEMPORARY_SUFFIX.length) : name}`;
        entries.push({ key, temporary, modifiedAt: info.mtimeMs });
      }
      return entries;
    },
  };
}

function diskWriter(out: WriteStream, partial: string, final: string): BlobWriter {
  // Without a listener, a failed write (a full disk) would crash the process.
  let failure: Error | undefined;
  out.on("error", (error) => (failure = error));
  const closed = async () => {
    if (!out.closed) {
      out.end();
      await once(out, "close").catch(() => {});
    }
    if (failure) throw failure;
  };
  return {
    async write(chunk) {
      if (failure) throw failure;
      // `once` rejects when the stream emits `error` while it waits.
      if (!out.write(chunk)) await once(out, "drain");
    },
    async commit() {
      await closed();
      await rename(partial, final);
    },
    async abort() {
      await closed().catch(() => {});
      await rm(partial, { force: true });
    },
  };
}
