import { createBrowserRouter } from "react-router-dom";
import { AuthCallbackPage } from "@/features/auth/AuthCallbackPage";
import { LandingGuard } from "@/features/auth/LandingGuard";
import { DebugEmailPage } from "@/features/debug/DebugEmailPage";
import { LandingPage } from "@/features/landing/LandingPage";
import { AccountArea, MobileAccountArea } from "./layout/AccountArea";
import { AppShell } from "./layout/AppShell";
import { eventRoutes } from "./eventRoutes";
import { CrashPage } from "./pages/CrashPage";
import { EditProfileScreen } from "./pages/EditProfileScreen";
import { LoginScreen } from "./pages/LoginScreen";
import { NotFoundPage } from "./pages/NotFoundPage";
import { ProfileEntry } from "./pages/ProfileEntry";
import { ProfileScreen } from "./pages/ProfileScreen";

export const router = createBrowserRouter([
  {
    // The notification bell plugs in as `extras` when notifications land.
    element: <AppShell account={<AccountArea />} mobileAccount={<MobileAccountArea />} />,
    // Only reached if the shell itself fails; page errors are caught below.
    errorElement: <CrashPage standalone />,
    children: [
      {
        // A crashing page keeps the nav bar and footer around its error screen.
        errorElement: <CrashPage />,
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
          { path: "login", element: <LoginScreen /> },
          { path: "auth", element: <LoginScreen /> },
          { path: "auth/callback", element: <AuthCallbackPage /> },
          { path: "profile", element: <ProfileEntry /> },
          { path: "profile/edit", element: <EditProfileScreen /> },
          { path: "edit-profile", element: <EditProfileScreen /> },
          { path: "profile/:username", element: <ProfileScreen /> },
          { path: "debug-email", element: <DebugEmailPage /> },
          { path: "404", element: <NotFoundPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
