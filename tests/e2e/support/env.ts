/**
 * Where the end-to-end run serves the local backend and the app. The ports differ from
 * `npm start` (3210/3211/5173) so tests can run while a developer's app is up;
 * CLINK_E2E_PORT_OFFSET shifts all three so two runs can share a machine.
 */
const portOffset = Number(process.env.CLINK_E2E_PORT_OFFSET ?? 0);
export const backendPort = 3310 + portOffset;
export const sitePort = 3311 + portOffset;
export const appPort = 5273 + portOffset;

/** Convex "cloud" URL: sync WebSocket and the HTTP function API. */
export const backendUrl = `http://127.0.0.1:${backendPort}`;
/** Convex "site" URL: HTTP actions from convex/http.ts (auth routes among them). */
export const siteUrl = `http://127.0.0.1:${sitePort}`;
export const appUrl = `http://localhost:${appPort}`;
