/**
 * Unbiased random strings for slugs, codes and tokens, drawn
 * without modulo bias. Pure: the byte source is injectable for tests.
 */

/** A source of random bytes; `crypto.getRandomValues` unless a test passes its own. */
export type RandomBytes = (length: number) => Uint8Array;

export const cryptoRandomBytes: RandomBytes = (length) =>
  crypto.getRandomValues(new Uint8Array(length));

/** `length` characters of `alphabet`, without modulo bias (bytes past the last full cycle are redrawn). */
export function randomString(
  alphabet: string,
  length: number,
  randomBytes: RandomBytes = cryptoRandomBytes,
): string {
  const limit = 256 - (256 % alphabet.length);
  let result = "";
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && result.length < length) result += alphabet[byte % alphabet.length];
    }
  }
  return result;
}
