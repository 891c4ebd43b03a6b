/**
 * The deployment's two origins as HTTP servers: cloud (the sync WebSocket, the HTTP function
 * API, file storage) and site (the HTTP actions of `convex/http.ts`). They listen first, as
 * their URLs are part of the deployment's environment; requests that arrive while the
 * functions are still loading wait until `serve` hands them to their handlers.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export type OriginHandlers = {
  cloud: RequestHandler;
  site: RequestHandler;
  /** A WebSocket upgrade on the cloud origin. */
  upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
};

export class Origins {
  private markReady: () => void = () => {};
  private readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));
  private handlers: OriginHandlers | null = null;
  readonly cloud = http.createServer(
    (req, res) => void this.ready.then(() => this.handlers!.cloud(req, res)),
  );
  readonly site = http.createServer(
    (req, res) => void this.ready.then(() => this.handlers!.site(req, res)),
  );

  private urls = { cloud: "", site: "" };

  private constructor() {}

  /** Listens on `port` (3210 by default) and `sitePort` (the next port); port 0 (tests) means any free port for both. */
  static async listen(host: string, port?: number, sitePort?: number): Promise<Origins> {
    const origins = new Origins();
    await listen(origins.cloud, port ?? 3210, host);
    const cloudPort = (origins.cloud.address() as AddressInfo).port;
    await listen(origins.site, sitePort ?? (port === 0 ? 0 : cloudPort + 1), host);
    origins.urls = {
      cloud: `http://${host}:${(origins.cloud.address() as AddressInfo).port}`,
      site: `http://${host}:${(origins.site.address() as AddressInfo).port}`,
    };
    return origins;
  }

  get cloudUrl(): string {
    return this.urls.cloud;
  }

  get siteUrl(): string {
    return this.urls.site;
  }

  /** From now on requests go to `handlers`, the ones that waited first. */
  serve(handlers: OriginHandlers): void {
    this.handlers = handlers;
    this.cloud.on(
      "upgrade",
      (req: IncomingMessage, socket: Duplex, head: Buffer) =>
        void this.ready.then(() => handlers.upgrade(req, socket, head)),
    );
    this.markReady();
  }

  /** Closes both servers and every connection they hold. */
  async close(): Promise<void> {
    await Promise.all([close(this.cloud), close(this.site)]);
  }
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
