import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { useRoutes } from "react-router-dom";
import { WelcomeFlow } from "@/features/auth/WelcomeFlow";
import { lazyComponent } from "@/lib/lazyComponent";
import { preloadLinksOnIntent } from "./lazy/preloadOnIntent";
import { routes } from "./router";

/**
 * The router around the app: <BrowserRouter> in the browser, a <MemoryRouter> when the build
 * prerenders a page. Declarative, not a data router (createBrowserRouter): the app has no
 * loaders or actions, and the data router's core would add ~18 KB gzip to every page.
 */
export type AppRouter = ComponentType<{ children?: ReactNode }>;

// Sonner's toaster loads after the first paint; it replays toasts raised before it mounted.
const AppToaster = lazyComponent(() => import("./AppToaster"), "AppToaster", null);

const subscribeToNothing = () => () => {};
/** False while prerendering and hydrating, true from the first render after that. */
const useHydrated = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

function AppRoutes() {
  return useRoutes(routes);
}

export function App({ Router }: { Router: AppRouter }) {
  const hydrated = useHydrated();
  useEffect(() => preloadLinksOnIntent(routes), []);
  return (
    <>
      <Router>
        <AppRoutes />
      </Router>
      <WelcomeFlow />
      {hydrated && <AppToaster />}
    </>
  );
}
