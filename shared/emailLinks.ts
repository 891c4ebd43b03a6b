/**
 * Finding the links in an e-mail body (plain text or HTML), for the debug
 * mailbox (/debug-email) that lets a newcomer on the local backend open their
 * magic link.
 */

const URL_PATTERN = /https?:\/\/[^\s"'<>()]+/g;

function decodeHtmlEntities(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&#x2F;/gi, "/")
    .replace(/&#47;/g, "/")
    .replace(/&#x3D;/gi, "=")
    .replace(/&#61;/g, "=");
}

/** Every distinct http(s) URL in `bodies`, in order of first appearance. */
export function extractUrls(...bodies: Array<string | null | undefined>): string[] {
  const seen = new Set<string>();
  for (const body of bodies) {
    if (!body) continue;
    for (const match of decodeHtmlEntities(body).matchAll(URL_PATTERN)) {
      // Trailing punctuation belongs to the sentence, not the link.
      const url = match[0].replace(/[.,;:!?]+$/, "");
      seen.add(url);
    }
  }
  return [...seen];
}
