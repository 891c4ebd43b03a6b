/**
 * Keeps the deployment on disk: documents (including `_storage` and
 * `_scheduled_functions`) in `db.json`, files under `storage/`. Every write
 * goes to a temporary file that is renamed into place, so a crash leaves the
 * previous good copy; a clean stop saves synchronously.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import type { Engine, EngineState } from "./engine.ts";

const SAVE_DELAY_MS = 25;

export function writeFileAtomically(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w");
  try {
    writeSync(fd, typeof data === "string" ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

export class Persistence {
  private saveTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly dbFile: string;
  private readonly storageDir: string;
  private readonly cleanups: Array<() => void> = [];

  constructor(
    private readonly engine: Engine,
    dataDir: string,
  ) {
    this.dbFile = path.join(dataDir, "db.json");
    this.storageDir = path.join(dataDir, "storage");
  }

  /** Loads what is on disk into the engine, then keeps the disk up to date. */
  async start(): Promise<void> {
    if (existsSync(this.dbFile)) {
      const state = JSON.parse(readFileSync(this.dbFile, "utf8")) as EngineState;
      await this.engine.importState(state, this.readFiles(state));
    }
    this.cleanups.push(
      this.engine.onCommit(() => this.scheduleSave()),
      this.engine.onFileStored((storageId, blob) => void this.writeFile(storageId, blob)),
    );
  }

  private readFiles(state: EngineState): Map<string, Blob> {
    const files = new Map<string, Blob>();
    if (!existsSync(this.storageDir)) return files;
    const contentTypes = new Map<string, string>();
    for (const doc of (state.databases[""]?.documents ?? []) as Array<{
      _id: string;
      contentType?: string;
    }>) {
      if (doc.contentType) contentTypes.set(doc._id, doc.contentType);
    }
    for (const name of readdirSync(this.storageDir)) {
      if (name.includes(".tmp-")) continue;
      const bytes = readFileSync(path.join(this.storageDir, name));
      files.set(name, new Blob([bytes], { type: contentTypes.get(name) ?? "" }));
    }
    return files;
  }

  private async writeFile(storageId: string, blob: Blob): Promise<void> {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    if (!this.stopped) writeFileAtomically(path.join(this.storageDir, storageId), bytes);
  }

  private scheduleSave(): void {
    if (this.stopped || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saveNow();
    }, SAVE_DELAY_MS);
  }

  saveNow(): void {
    if (this.stopped) return;
    writeFileAtomically(this.dbFile, JSON.stringify(this.engine.exportState()));
    this.removeDeletedFiles();
  }

  private removeDeletedFiles(): void {
    if (!existsSync(this.storageDir)) return;
    const live = this.engine.liveStorageIds();
    for (const name of readdirSync(this.storageDir)) {
      if (!name.includes(".tmp-") && !live.has(name))
        rmSync(path.join(this.storageDir, name), { force: true });
    }
  }

  /** Saves everything and stops writing (a later instance owns the directory). */
  stop(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.saveNow();
    this.stopped = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }
}
