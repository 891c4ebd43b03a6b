import { MotionConfig } from "framer-motion";
import { RouterProvider } from "react-router-dom";
import { WelcomeFlow } from "@/features/auth/WelcomeFlow";
import { AppToaster } from "./AppToaster";
import { router } from "./router";

export function App() {
  return (
    // Animations follow the visitor's "reduce motion" setting.
    <MotionConfig reducedMotion="user">
      <RouterProvider router={router} />
      <WelcomeFlow />
      <AppToaster />
    </MotionConfig>
  );
}
