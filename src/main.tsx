import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { AppRoot } from "@/app/AppRoot";
import { preloadPath } from "@/app/lazy/preloadOnIntent";
import { routes } from "@/app/router";
import { UpdatePrompt } from "@/app/UpdatePrompt";
import { startServiceWorker } from "@/lib/appUpdate";
import { hasStoredSession } from "@/lib/authStorage";
import { deviceUserId } from "@/lib/offline/deviceUser";
import { loadDeviceCopy } from "@/lib/offline/deviceCopyLoader";
import "./index.css";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html is missing the #root element");

// The update prompt is the browser's alone (never prerendered; it renders nothing until needed).
const app = (
  <>
    <AppRoot Router={BrowserRouter} />
    <UpdatePrompt />
  </>
);

// The build prerenders the landing page into index.html and the bare app shell into
// app-shell.html (scripts/lib/vitePrerender.ts). The landing page is hydrated for a visitor on
// `/` once its lazy code is there (a screen still loading while the app around it updates would
// be thrown away and drawn again); a stored session (sent on to the profile) or any other page
// renders afresh over the HTML.
const hydratesLanding =
  rootElement.dataset.prerendered === "landing" &&
  window.location.pathname === "/" &&
  !hasStoredSession();
// Both as transitions: React then draws the first screen in slices of a few milliseconds and
// stays responsive to input, instead of one long task (Lighthouse's Total Blocking Time).
const render = () => {
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
};
const hydrate = () => startTransition(() => void hydrateRoot(rootElement, app));
if (hydratesLanding) {
  // Should the landing chunk fail to load, the app renders afresh (and shows its error screen).
  void preloadPath(routes, "/").then(hydrate, render);
} else {
  // A returning user whose device has the app (service worker) and what they saw (device copy):
  // the screen renders once its code is there, over the prerendered shell, not through its
  // skeleton first (React reveals what replaces a skeleton no sooner than 300 ms after it).
  if (navigator.serviceWorker?.controller && deviceUserId() !== null)
    void Promise.all([
      preloadPath(routes, window.location.pathname),
      loadDeviceCopy().then((copy) => copy.warm()),
    ]).then(render, render);
  else render();
  // Every other screen shows dates. The runtime's first date formatter loads its time-zone
  // data, ~110 ms on a 4× slower phone CPU: in a task of its own now, while the page waits for
  // its code and data, rather than inside the render that shows the data (measured on the event
  // page: that render went from 244 to ~130 ms).
  setTimeout(() => Intl.DateTimeFormat().resolvedOptions().timeZone, 0);
}

// The service worker (offline app, push, updates) in production builds only: the dev server's
// files change with every edit.
if (import.meta.env.PROD) startServiceWorker();
