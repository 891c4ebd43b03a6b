/** Reading requests and writing answers, shared by both origins' HTTP handlers. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/** Answered while the backend stops: try again shortly (against the restarted backend). */
export function refuseRestarting(res: ServerResponse): void {
  res.setHeader("Retry-After", "1");
  res.setHeader("Connection", "close");
  sendJson(res, 503, {
    code: "ServiceUnavailable",
    message: "The deployment is restarting; try again shortly.",
  });
}

export function refuseUpgradeRestarting(socket: Duplex): void {
  socket.once("finish", () => socket.destroy());
  socket.end(
    "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
  );
}

export function refuseTooLarge(res: ServerResponse, message: string): void {
  sendJson(res, 413, { code: "PayloadTooLarge", message });
}

export function megabytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/** The request's URL, or null when its target is not one (any byte string gets this far). */
export function parseRequestUrl(req: IncomingMessage, base: string): URL | null {
  try {
    return new URL(req.url ?? "/", base);
  } catch {
    return null;
  }
}

export function decodeUrlComponent(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

export function setCors(res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Headers", "Content-Type, Authorization, Convex-Client");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/** The request's body, or null when it is larger than `limit` (declared or sent); the rest is drained unread. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      req.off("data", onData);
      req.resume();
      resolve(null);
    };
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return tooLarge();
      chunks.push(chunk);
    };
    if (Number(req.headers["content-length"] ?? 0) > limit) return tooLarge();
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
