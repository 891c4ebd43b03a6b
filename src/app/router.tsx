import { Outlet, type RouteObject } from "react-router-dom";
import { LandingGuard } from "@/features/auth/LandingGuard";
import { AccountArea, MobileAccountArea } from "./layout/AccountArea";
import { AppShell } from "./layout/AppShell";
import { NotificationArea } from "./layout/NotificationArea";
import { crewRoutes } from "./crewRoutes";
import { debugRoutes } from "./debugRoutes";
import { badgeRoutes } from "./badgeRoutes";
import { eventRoutes } from "./eventRoutes";
import { invitationRoutes } from "./invitationRoutes";
import { settingsRoutes } from "./settingsRoutes";
import { lazyPage } from "./lazy/lazyPage";
import { RouteErrorBoundary } from "./layout/RouteErrorBoundary";

// Every screen is its own chunk, loaded on first visit and preloaded when a link to it is
// pointed at (see lazy/preloadOnIntent): add a screen with one `lazyPage` line, never a static import.
const AuthCallbackPage = lazyPage(
  () => import("@/features/auth/AuthCallbackPage"),
  "AuthCallbackPage",
);
const LandingPage = lazyPage(() => import("@/features/landing/LandingPage"), "LandingPage");
const EditProfileScreen = lazyPage(() => import("./pages/EditProfileScreen"), "EditProfileScreen");
const LoginScreen = lazyPage(() => import("./pages/LoginScreen"), "LoginScreen");
const NotFoundPage = lazyPage(() => import("./pages/NotFoundPage"), "NotFoundPage");
const ProfileEntry = lazyPage(() => import("./pages/ProfileEntry"), "ProfileEntry");
const ProfileScreen = lazyPage(() => import("./pages/ProfileScreen"), "ProfileScreen");

/** The app's routes: App renders them in a browser router, the build prerenders `/` with them. */
export const routes: RouteObject[] = [
  {
    element: (
      // Only reached if the shell itself fails; page errors are caught below.
      <RouteErrorBoundary standalone>
        <AppShell
          account={<AccountArea />}
          mobileAccount={<MobileAccountArea />}
          extras={<NotificationArea />}
        />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A crashing page keeps the nav bar and footer around its error screen.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          {
            index: true,
            element: (
              <LandingGuard>
                <LandingPage />
              </LandingGuard>
            ),
          },
          ...eventRoutes,
          ...invitationRoutes,
          ...settingsRoutes,
          ...crewRoutes,
          { path: "login", element: <LoginScreen /> },
          { path: "auth", element: <LoginScreen /> },
          { path: "auth/callback", element: <AuthCallbackPage /> },
          { path: "profile", element: <ProfileEntry /> },
          { path: "profile/edit", element: <EditProfileScreen /> },
          { path: "edit-profile", element: <EditProfileScreen /> },
          { path: "profile/:username", element: <ProfileScreen /> },
          ...badgeRoutes,
          ...debugRoutes,
          { path: "404", element: <NotFoundPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
