/** Convex wire timestamps: u64 nanoseconds, little-endian, base64. */
export function encodeTs(ts: bigint): string {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(ts);
  return bytes.toString("base64");
}

export function decodeTs(encoded: string): bigint {
  return Buffer.from(encoded, "base64").readBigUInt64LE();
}

/** "messages.js:list" and "messages:list" name the same function; "messages" is its default export. */
export function canonicalUdfPath(udfPath: string): string {
  const colon = udfPath.lastIndexOf(":");
  const modulePath = colon === -1 ? udfPath : udfPath.slice(0, colon);
  const exportName = colon === -1 ? "default" : udfPath.slice(colon + 1);
  return `${modulePath.replace(/\.js$/, "")}:${exportName}`;
}
