import { MotionConfig } from "framer-motion";
import { useEffect } from "react";
import { RouterProvider } from "react-router-dom";
import { WelcomeFlow } from "@/features/auth/WelcomeFlow";
import { AppToaster } from "./AppToaster";
import { preloadLinksOnIntent } from "./lazy/preloadOnIntent";
import { router } from "./router";

export function App() {
  useEffect(() => preloadLinksOnIntent(router.routes), []);
  return (
    // Animations follow the visitor's "reduce motion" setting.
    <MotionConfig reducedMotion="user">
      <RouterProvider router={router} />
      <WelcomeFlow />
      <AppToaster />
    </MotionConfig>
  );
}
