import { useEffect, useSyncExternalStore } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { connectConvexEarly } from "@/lib/convex";
import { lazyComponent } from "@/lib/lazyComponent";
import { deviceUserId, subscribeDeviceUser } from "@/lib/offline/deviceUser";
import { loadDeviceCopy } from "@/lib/offline/deviceCopyLoader";
import { Footer } from "./Footer";
import { NavBar, type NavBarSlots } from "./NavBar";
import { SignedOutActions, SignedOutMobileLinks } from "./SignedOutActions";
import { useScrollRestoration } from "./useScrollRestoration";

// Watches the connection on pages that show data; its own chunk, loaded with the first such page.
const OfflineBanner = lazyComponent(() => import("./OfflineBanner"), "OfflineBanner", null);
// The live region and focus management: their own chunk, after the first paint; the region's
// empty element stands there until then, so it is in the page before anything is said.
const LiveRegion = lazyComponent(
  () => import("./LiveRegion"),
  "LiveRegion",
  <div id="live-region" aria-live="polite" aria-relevant="additions" className="sr-only" />,
);
// Sends taps queued on this device; its own chunk, loaded once someone is signed in here.
const OutboxSender = lazyComponent(() => import("./OutboxSender"), "OutboxSender", null);
// The Home safe button on every screen while a check-in is open; its own chunk, signed in only.
const HomeSafeBanner = lazyComponent(
  () => import("@/features/night/checkIn/HomeSafeBanner"),
  "HomeSafeBanner",
  null,
);

/**
 * The frame around every page: nav bar, page content, footer.
 * The account slots default to the signed-out links; the auth work passes the
 * signed-in user menu (and the notification bell as `extras`) from the router.
 */
export function AppShell({
  account = <SignedOutActions />,
  mobileAccount = <SignedOutMobileLinks />,
  extras,
}: Partial<NavBarSlots>) {
  useScrollRestoration();
  const { pathname } = useLocation();
  // Every page but the landing page shows data.
  const showsData = pathname !== "/";
  const signedInHere = useSyncExternalStore(subscribeDeviceUser, deviceUserId, () => null) !== null;
  useEffect(() => {
    if (!showsData) return;
    // Connect as the page's code loads, not once it asks.
    connectConvexEarly();
    // The device copy's code, while the network is there to load it.
    if (deviceUserId() !== null) loadDeviceCopy().catch(() => undefined);
  }, [showsData]);

  return (
    // overflow-x-clip: decorative glows may bleed past narrow screens; clip (not
    // hidden) keeps the sticky header working.
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-full bg-brand-amber px-4 py-2 font-semibold text-brand-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavBar account={account} mobileAccount={mobileAccount} extras={extras} />
      {showsData && <OfflineBanner />}
      {signedInHere && <OutboxSender />}
      {signedInHere && showsData && <HomeSafeBanner />}
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <LiveRegion />
    </div>
  );
}
