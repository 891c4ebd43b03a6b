import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { DataCorruption } from "./dataCorruption.ts";
import { removeDir, tempDataDir } from "./test/harness.ts";
import { encodeFrame, readLog } from "./wal.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

function logFile(...parts: Buffer[]): string {
  const dir = tempDataDir();
  dirs.push(dir);
  const file = path.join(dir, "wal-000001.log");
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

const first = encodeFrame(['{"n":1}', '{"n":2}']);
const second = encodeFrame(['{"n":3}']);
const last = encodeFrame(['{"n":4}', '{"n":5}']);

describe("write-ahead log frames", () => {
  test("intact frames give back their records in order", () => {
    const contents = readLog(logFile(first, second, last));
    expect(contents.records).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}', '{"n":5}']);
    expect(contents.tornBytes).toBe(0);
  });

  test.each([
    ["cut inside the header", last.subarray(0, 5)],
    ["cut inside the payload", last.subarray(0, last.length - 3)],
    ["padded with zeros after a cut", Buffer.concat([last.subarray(0, 12), Buffer.alloc(300)])],
    [
      "a hole of zeros inside",
      Buffer.concat([last.subarray(0, 10), Buffer.alloc(4), last.subarray(14)]),
    ],
    ["only zeros", Buffer.alloc(64)],
  ])("a torn last append (%s) is dropped, and only it", (_, torn) => {
    const contents = readLog(logFile(first, second, torn));
    expect(contents.records).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    expect(contents.validLength).toBe(first.length + second.length);
    expect(contents.tornBytes).toBe(torn.length);
  });

  test("damage followed by an intact frame is corruption, not a torn append", () => {
    const damaged = Buffer.from(second);
    damaged[9] ^= 0x01;
    const file = logFile(first, damaged, last);
    expect(() => readLog(file)).toThrow(DataCorruption);
    expect(() => readLog(file)).toThrow(file);
  });
});
