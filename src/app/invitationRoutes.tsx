import type { RouteObject } from "react-router-dom";
import { lazyPage } from "./lazy/lazyPage";

const InvitationPage = lazyPage(
  () => import("@/features/invitations/InvitationPage"),
  "InvitationPage",
);

/**
 * The invitation action screen: the Accept and Decline links of
 * invitation e-mails, /invitation/{type}/{action}/{token}, and
 * /invitation/{token} (type and answer from the token's prefix). Open to
 * everyone: a signed-out visitor is sent to sign in when the answer needs it.
 * The shorter shapes only say the link is incomplete.
 */
export const invitationRoutes: RouteObject[] = [
  { path: "invitation", element: <InvitationPage /> },
  { path: "invitation/:token", element: <InvitationPage /> },
  { path: "invitation/:type/:action", element: <InvitationPage /> },
  { path: "invitation/:type/:action/:token", element: <InvitationPage /> },
];
