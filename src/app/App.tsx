import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { useRoutes } from "react-router-dom";
import { WelcomeFlow } from "@/features/auth/WelcomeFlow";
import { lazyComponent } from "@/lib/lazyComponent";
import { subscribeToToasterNeeded, toasterNeeded } from "@/lib/toast";
import { preloadLinksOnIntent } from "./lazy/preloadOnIntent";
import { routes } from "./router";

/**
 * The router around the app: <BrowserRouter> in the browser, a <MemoryRouter> when the build
 * prerenders a page. Declarative, not a data router (createBrowserRouter): the app has no
 * loaders or actions, and the data router's core would add ~18 KB gzip to every page.
 */
export type AppRouter = ComponentType<{ children?: ReactNode }>;

// sonner's toaster loads with the first toast (see lib/toast.ts); it replays toasts raised
// before it mounted.
const AppToaster = lazyComponent(() => import("./AppToaster"), "AppToaster", null);
const useToasterNeeded = () =>
  useSyncExternalStore(subscribeToToasterNeeded, toasterNeeded, () => false);

function AppRoutes() {
  return useRoutes(routes);
}

export function App({ Router }: { Router: AppRouter }) {
  const showsToasts = useToasterNeeded();
  useEffect(() => preloadLinksOnIntent(routes), []);
  return (
    <>
      <Router>
        <AppRoutes />
      </Router>
      <WelcomeFlow />
      {showsToasts && <AppToaster />}
    </>
  );
}
