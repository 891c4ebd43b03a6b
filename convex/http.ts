import { httpRouter } from "convex/server";
import { internal } from "./_generated/api";
import { env, httpAction } from "./_generated/server";
import { auth } from "./auth";
import { routeGoogleCallbackErrors } from "./model/googleCallback";
import { bounceOf, isSignedBySvix, RESEND_WEBHOOK_PATH } from "./model/emailWebhooks";
import { siteUrl } from "./model/magicLinks";
import { UNSUBSCRIBE_PATH } from "./model/emailPreferences";
import { unsubscribePageResponse, unsubscribeParams } from "./model/unsubscribePage";
import { publicEventJson, sharePageHtml, SHARE_PAGE_PREFIX } from "./model/sharePage";
import { crewSharePageHtml } from "./model/crewSharePage";
import { CREW_SHARE_PAGE_PREFIX } from "../shared/shareLinks";
import {
  CALENDAR_CONTENT_TYPE,
  CALENDAR_FEED_PATH_PREFIX,
  calendarFeedIcs,
  calendarFeedTokenOfPath,
} from "../shared/calendarFeed";
import { CALENDAR_FEED_COPY } from "../shared/calendarFeedTexts";

const http = httpRouter();

auth.addHttpRoutes(http);
routeGoogleCallbackErrors(http);

/**
 * `GET /public-events`: the next (up to 50) upcoming public events as JSON
 * `{ events: [...], generatedAt }`, cached for a minute, for embeds and other clients.
 */
http.route({
  path: "/public-events",
  method: "GET",
  handler: httpAction(async (ctx) => {
    const cards = await ctx.runQuery(internal.events.publicFeed, {});
    const site = siteUrl();
    const body = {
      events: cards.map((card) => publicEventJson(card, site)),
      generatedAt: new Date().toISOString(),
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "public, max-age=60",
        "Access-Control-Allow-Origin": "*",
      },
    });
  }),
});

/**
 * `GET /share/event/{slugOrCode}`: the link-preview page (Open Graph,
 * Twitter card, JSON-LD) that forwards browsers to the event page.
 */
http.route({
  pathPrefix: SHARE_PAGE_PREFIX,
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const url = new URL(request.url);
    const segment = url.pathname.slice(SHARE_PAGE_PREFIX.length).split("/")[0] ?? "";
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // keep it as it came
    }
    const preview = await ctx.runQuery(internal.events.sharePreviewFor, { segment: decoded });
    const { status, html } = sharePageHtml(preview, decoded, siteUrl(), url.search);
    return new Response(html, {
      status,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "public, max-age=300",
      },
    });
  }),
});

/**
 * `GET /share/crew/{crewId}`: a crew's link-preview page (Open Graph, Twitter
 * card; generic for a private crew) that forwards browsers to the crew page.
 */
http.route({
  pathPrefix: CREW_SHARE_PAGE_PREFIX,
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const url = new URL(request.url);
    const segment = url.pathname.slice(CREW_SHARE_PAGE_PREFIX.length).split("/")[0] ?? "";
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // keep it as it came
    }
    const preview = await ctx.runQuery(internal.crews.sharePreviewFor, { segment: decoded });
    const { status, html } = crewSharePageHtml(preview, decoded, siteUrl(), url.search);
    return new Response(html, {
      status,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "public, max-age=300",
      },
    });
  }),
});

/**
 * `GET /calendar/{token}.ics`: a calendar feed (model/calendarFeeds.ts). A
 * token never issued, regenerated away, malformed, or whose crew feed no
 * longer applies gets the same 404; more than 60 fetches an hour of one
 * feed get 429 with Retry-After. Never cached on the way: the address is a secret.
 */
http.route({
  pathPrefix: CALENDAR_FEED_PATH_PREFIX,
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const notFound = () =>
      new Response(CALENDAR_FEED_COPY.notFound, {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    const token = calendarFeedTokenOfPath(new URL(request.url).pathname);
    if (token === null) return notFound();
    const now = Date.now();
    const admission = await ctx.runMutation(internal.calendarFeeds.admitFetch, { token, now });
    if (admission.status === "unknown") return notFound();
    if (admission.status === "limited") {
      return new Response(CALENDAR_FEED_COPY.tooManyFetches, {
        status: 429,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "Retry-After": String(Math.ceil(admission.retryAfterMs / 1000)),
        },
      });
    }
    const feed = await ctx.runQuery(internal.calendarFeeds.feedContent, {
      feedId: admission.feedId,
      now,
    });
    if (feed === null) return notFound();
    return new Response(calendarFeedIcs(feed), {
      status: 200,
      headers: {
        "Content-Type": CALENDAR_CONTENT_TYPE,
        "Content-Disposition": 'inline; filename="clink.ics"',
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
      },
    });
  }),
});

/**
 * One-click unsubscribe (RFC 8058): mail apps POST `List-Unsubscribe=One-Click`
 * to the List-Unsubscribe link; the link in the e-mail's footer opens the same
 * URL with GET, which only shows a confirm button (link scanners must not
 * unsubscribe anyone).
 */
http.route({
  path: UNSUBSCRIBE_PATH,
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const { token, category } = unsubscribeParams(request);
    const done = await ctx.runMutation(internal.emailPreferences.unsubscribe, { token, category });
    return unsubscribePageResponse(done ? "done" : "invalid", category, siteUrl(), request.url);
  }),
});

http.route({
  path: UNSUBSCRIBE_PATH,
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const { token, category } = unsubscribeParams(request);
    const valid = await ctx.runQuery(internal.emailPreferences.isUnsubscribeLinkValid, {
      token,
      category,
    });
    return unsubscribePageResponse(valid ? "confirm" : "invalid", category, siteUrl(), request.url);
  }),
});

/**
 * Resend's delivery events (set the endpoint and RESEND_WEBHOOK_SECRET in
 * Resend's dashboard): a bounce or spam complaint marks the message
 * 'bounced'. Unsigned or stale requests get 401; without the secret, 404.
 */
http.route({
  path: RESEND_WEBHOOK_PATH,
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const secret = env.RESEND_WEBHOOK_SECRET;
    if (!secret) return new Response("Not found", { status: 404 });
    const body = await request.text();
    if (!(await isSignedBySvix(secret, request.headers, body))) {
      return new Response("Invalid signature", { status: 401 });
    }
    let payload: unknown = null;
    try {
      payload = JSON.parse(body);
    } catch {
      return new Response("Invalid JSON", { status: 400 });
    }
    const bounce = bounceOf(payload);
    if (bounce !== null) await ctx.runMutation(internal.emails.markEmailBounced, bounce);
    return new Response(null, { status: 204 });
  }),
});

export default http;
