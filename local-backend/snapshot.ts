/**
 * The snapshot file: every database at one commit, which the write-ahead log
 * continues from. JSON lines: a header (commit timestamp, the log segment to
 * replay from, each database's id counters), one line per document, the
 * remembered mutation outcomes, and a trailer with the line count and a
 * CRC-32 of everything before it — a snapshot without a matching trailer is
 * damaged, never half-read.
 *
 * Written to a temporary file, fsynced, then renamed into place (and the
 * directory fsynced), so a crash while writing leaves the previous snapshot.
 */
import { readFileSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { convexToJson, type JSONValue, type Value } from "convex/values";
import type { DatabaseCounters } from "./convexTestInternals.ts";
import { DataCorruption } from "./dataCorruption.ts";
import type { EngineView } from "./engine.ts";
import { fsyncDirectory } from "./files.ts";
import type { PersistedOutcome } from "./mutationLog.ts";

const FORMAT = "clink-local-backend-snapshot";
const VERSION = 1;
const DOCUMENTS_PER_WRITE = 2_000;

type Header = {
  format: typeof FORMAT;
  version: number;
  lastCommitTs: string;
  /** The first log segment that is not already in this snapshot. */
  walSeq: number;
  databases: Record<string, DatabaseCounters>;
};
type Trailer = { end: true; lines: number; crc32: number };

export type Snapshot = {
  lastCommitTs: bigint;
  walSeq: number;
  databases: Map<string, { counters: DatabaseCounters; documents: JSONValue[] }>;
  outcomes: PersistedOutcome[];
};

/**
 * Writes `view` as the snapshot `file`; returns its size in bytes. The
 * outcomes are asked for last, once every commit in the view has its result.
 */
export async function writeSnapshot(
  file: string,
  view: EngineView,
  walSeq: number,
  outcomes: () => Promise<PersistedOutcome[]>,
): Promise<number> {
  const tmp = `${file}.tmp-${process.pid}`;
  const handle = await open(tmp, "w");
  let checksum = 0;
  let bytes = 0;
  let lines = 0;
  const write = async (text: string) => {
    const chunk = Buffer.from(text, "utf8");
    checksum = crc32(chunk, checksum);
    bytes += chunk.length;
    await handle.write(chunk);
  };
  try {
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      lastCommitTs: view.lastCommitTs.toString(),
      walSeq,
      databases: Object.fromEntries(view.databases.map((db) => [db.mountPath, db.counters])),
    };
    await write(JSON.stringify(header) + "\n");
    lines++;
    for (const { mountPath, documents } of view.databases) {
      for (let start = 0; start < documents.length; start += DOCUMENTS_PER_WRITE) {
        let text = "";
        for (const doc of documents.slice(start, start + DOCUMENTS_PER_WRITE))
          text += JSON.stringify([mountPath, convexToJson(doc as Value)]) + "\n";
        await write(text);
        lines += Math.min(DOCUMENTS_PER_WRITE, documents.length - start);
      }
    }
    await write(JSON.stringify({ outcomes: await outcomes() }) + "\n");
    lines++;
    const trailer: Trailer = { end: true, lines, crc32: checksum };
    const last = Buffer.from(JSON.stringify(trailer) + "\n", "utf8");
    await handle.write(last);
    bytes += last.length;
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
  await fsyncDirectory(path.dirname(file));
  return bytes;
}

/** Reads a snapshot; throws `DataCorruption` naming the file when it is damaged. */
export function readSnapshot(file: string): Snapshot {
  const bytes = readFileSync(file);
  const fail = (reason: string) => new DataCorruption(file, reason);
  if (bytes.length === 0) throw fail("it is empty");
  const trailerStart = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1;
  let trailer: Trailer;
  try {
    trailer = JSON.parse(bytes.toString("utf8", trailerStart)) as Trailer;
  } catch {
    throw fail("it has no end marker (it was cut short or overwritten)");
  }
  if (trailer?.end !== true) throw fail("it has no end marker (it was cut short or overwritten)");
  if (crc32(bytes.subarray(0, trailerStart)) !== trailer.crc32)
    throw fail("its checksum does not match its contents");
  const lines = bytes.toString("utf8", 0, trailerStart - 1).split("\n");
  if (lines.length !== trailer.lines)
    throw fail(`it holds ${lines.length} lines where its end marker says ${trailer.lines}`);
  try {
    const header = JSON.parse(lines[0]) as Header;
    if (header.format !== FORMAT || header.version !== VERSION)
      throw fail(`it is not a version ${VERSION} snapshot of this backend`);
    const databases: Snapshot["databases"] = new Map(
      Object.entries(header.databases).map(([mountPath, counters]) => [
        mountPath,
        { counters, documents: [] },
      ]),
    );
    for (let i = 1; i < lines.length - 1; i++) {
      const [mountPath, doc] = JSON.parse(lines[i]) as [string, JSONValue];
      const db = databases.get(mountPath);
      if (!db) throw fail(`line ${i + 1} names a database the header does not list`);
      db.documents.push(doc);
    }
    const { outcomes } = JSON.parse(lines[lines.length - 1]) as { outcomes: PersistedOutcome[] };
    return {
      lastCommitTs: BigInt(header.lastCommitTs),
      walSeq: header.walSeq,
      databases,
      outcomes,
    };
  } catch (error) {
    if (error instanceof DataCorruption) throw error;
    throw fail(`its contents do not parse (${(error as Error).message})`);
  }
}
