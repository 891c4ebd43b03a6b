/** Writing files so that they survive a crash: fsync the data, rename into place, fsync the directory. */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from "node:fs";
import { mkdir, open, rename } from "node:fs/promises";
import path from "node:path";

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
  fsyncDirectorySync(path.dirname(file));
}

/** The same without blocking the event loop (uploaded files). */
export async function writeFileDurably(file: string, data: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  const handle = await open(tmp, "w");
  try {
    await handle.write(data);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
  await fsyncDirectory(path.dirname(file));
}

/** Makes a directory's entries (a created, renamed or removed file) durable. */
export async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function fsyncDirectorySync(dir: string): void {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
