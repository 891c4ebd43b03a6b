import { useEffect, useSyncExternalStore } from "react";
import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import { WelcomeFlow } from "@/features/auth/WelcomeFlow";
import { lazyComponent } from "@/lib/lazyComponent";
import { preloadLinksOnIntent } from "./lazy/preloadOnIntent";

/** The browser router in the app, a memory router when the build prerenders a page. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

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

export function App({ router }: { router: AppRouter }) {
  const hydrated = useHydrated();
  useEffect(() => preloadLinksOnIntent(router.routes), [router]);
  return (
    <>
      <RouterProvider router={router} />
      <WelcomeFlow />
      {hydrated && <AppToaster />}
    </>
  );
}
