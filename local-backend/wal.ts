/**
 * The write-ahead log's file format. Every append — one group commit: the
 * commits of every mutation that shares one fsync — is one frame,
 * `[payload length u32 LE][crc32 of payload u32 LE][payload]`, the payload
 * being the commits' JSON records, one per line.
 *
 * A crash during an append can leave that last frame cut short, half-written
 * or with holes of zeros. It was never fsynced, so nothing in it was
 * acknowledged: reading stops there and reports the torn tail, so the caller
 * can cut it off. Damage followed by an intact frame is not a crash
 * mid-append but corruption, and is reported as such.
 */
import { readFileSync } from "node:fs";
import { crc32 } from "node:zlib";
import { DataCorruption } from "./dataCorruption.ts";

const HEADER_BYTES = 8;

export function encodeFrame(records: string[]): Buffer {
  const body = Buffer.from(records.join("\n"), "utf8");
  const frame = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  frame.writeUInt32LE(body.length, 0);
  frame.writeUInt32LE(crc32(body), 4);
  body.copy(frame, HEADER_BYTES);
  return frame;
}

export type LogContents = {
  records: string[];
  /** Bytes of intact frames; anything after them is a torn tail. */
  validLength: number;
  /** Bytes after the last intact frame (0 when the log ends cleanly). */
  tornBytes: number;
};

/** Reads every intact frame of a log file; throws `DataCorruption` on damage that is not a torn tail. */
export function readLog(file: string): LogContents {
  const bytes = readFileSync(file);
  const records: string[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const end = intactFrameEnd(bytes, offset);
    if (end === null) {
      if (intactFrameAfter(bytes, offset) === null) break;
      throw new DataCorruption(
        file,
        `the log frame at byte ${offset} is damaged and intact frames follow it, which a crash mid-append cannot cause`,
      );
    }
    records.push(...bytes.toString("utf8", offset + HEADER_BYTES, end).split("\n"));
    offset = end;
  }
  return { records, validLength: offset, tornBytes: bytes.length - offset };
}

/** Where the frame starting at `offset` ends, or null if there is no intact frame there. */
function intactFrameEnd(bytes: Buffer, offset: number): number | null {
  if (offset + HEADER_BYTES > bytes.length) return null;
  const length = bytes.readUInt32LE(offset);
  const end = offset + HEADER_BYTES + length;
  if (length === 0 || end > bytes.length) return null;
  return crc32(bytes.subarray(offset + HEADER_BYTES, end)) === bytes.readUInt32LE(offset + 4)
    ? end
    : null;
}

function intactFrameAfter(bytes: Buffer, damagedAt: number): number | null {
  for (let offset = damagedAt + 1; offset + HEADER_BYTES < bytes.length; offset++) {
    if (intactFrameEnd(bytes, offset) !== null) return offset;
  }
  return null;
}
