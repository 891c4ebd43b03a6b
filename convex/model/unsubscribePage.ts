/**
 * The small HTML page of the one-click unsubscribe route (convex/http.ts):
 * "confirm" (a GET from the e-mail's footer link: a button that POSTs),
 * "done" and "invalid". Self-contained, no script: it is served by the
 * backend, not the app.
 */
import { APP_NAME } from "../../shared/brand";
import {
  EMAIL_PREFERENCE_MESSAGES,
  isUnsubscribeScope,
  unsubscribeScopeLabel,
} from "../../shared/emailPreferences";
import { escapeHtml } from "../../shared/html";

export type UnsubscribePageState = "confirm" | "done" | "invalid";

export function unsubscribeParams(request: Request): { token: string; category: string } {
  const url = new URL(request.url);
  return {
    token: url.searchParams.get("token") ?? "",
    category: url.searchParams.get("category") ?? "",
  };
}

export function unsubscribePageHtml(
  state: UnsubscribePageState,
  category: string,
  siteUrl: string,
  actionUrl: string,
): string {
  const what = isUnsubscribeScope(category) ? unsubscribeScopeLabel(category) : null;
  const settings = `${siteUrl.replace(/\/+$/, "")}/settings`;
  let heading: string;
  let body: string;
  if (state === "invalid" || what === null) {
    heading = EMAIL_PREFERENCE_MESSAGES.invalidUnsubscribeLink;
    body = `<p>You can change what ${APP_NAME} e-mails you in <a href="${escapeHtml(settings)}">Settings</a>.</p>`;
  } else if (state === "done") {
    heading = "You're unsubscribed";
    body = `<p>You won't get ${escapeHtml(what)} by e-mail any more. Changed your mind? <a href="${escapeHtml(settings)}">Email preferences</a>.</p>`;
  } else {
    heading = `Unsubscribe from ${escapeHtml(what)}?`;
    body = `<form method="post" action="${escapeHtml(actionUrl)}"><button type="submit">Unsubscribe</button></form>
<p>Or choose what you get in <a href="${escapeHtml(settings)}">Settings</a>.</p>`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(heading)} | ${APP_NAME}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#120c09;color:#fff8ee;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:28rem;margin:1.5rem;padding:2rem;border:1px solid #3a2a21;border-radius:1rem;background:#1a120e}
h1{font-size:1.375rem;margin:0 0 .75rem}a{color:#fbbf24}
button{min-height:44px;padding:.625rem 1.25rem;border:0;border-radius:.75rem;background:#fbbf24;color:#1a0f0a;font:inherit;font-weight:700;cursor:pointer}
</style></head>
<body><main><p><a href="${escapeHtml(siteUrl)}">${APP_NAME}</a></p><h1>${heading}</h1>${body}</main></body></html>`;
}

export function unsubscribePageResponse(
  state: UnsubscribePageState,
  category: string,
  siteUrl: string,
  actionUrl: string,
): Response {
  return new Response(unsubscribePageHtml(state, category, siteUrl, actionUrl), {
    status: state === "invalid" ? 400 : 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
