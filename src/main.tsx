import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AUTH_CALLBACK_PATH } from "../shared/redirects";
import { App } from "@/app/App";
import { convex } from "@/lib/convex";
import "./index.css";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html is missing the #root element");

// /auth/callback handles sign-in codes itself (checks expiry, waits for the
// session, routes errors); everywhere else the provider may use a ?code=.
const shouldHandleCode = () => window.location.pathname !== AUTH_CALLBACK_PATH;

createRoot(rootElement).render(
  <StrictMode>
    <ConvexAuthProvider client={convex} shouldHandleCode={shouldHandleCode}>
      <App />
    </ConvexAuthProvider>
  </StrictMode>,
);
