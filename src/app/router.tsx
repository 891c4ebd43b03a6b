import { createBrowserRouter } from "react-router-dom";
import { LandingPage } from "@/features/landing/LandingPage";
import { AppShell } from "./layout/AppShell";
import { CrashPage } from "./pages/CrashPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { PlaceholderPage } from "./pages/PlaceholderPage";

export const router = createBrowserRouter([
  {
    // The signed-in user menu and notification bell plug in here:
    // <AppShell account={…} mobileAccount={…} extras={…} />
    element: <AppShell />,
    // Only reached if the shell itself fails; page errors are caught below.
    errorElement: <CrashPage standalone />,
    children: [
      {
        // A crashing page keeps the nav bar and footer around its error screen.
        errorElement: <CrashPage />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: "discover", element: <PlaceholderPage heading="Discover Events" /> },
          { path: "login", element: <PlaceholderPage heading="Log in or sign up" /> },
          { path: "auth", element: <PlaceholderPage heading="Log in or sign up" /> },
          { path: "404", element: <NotFoundPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
