import { LoginPage } from "@/features/auth/LoginPage";
import { LocalMailboxHint } from "@/features/debug/LocalMailboxHint";

/** /login and /auth, with a pointer to the local mailbox where debug pages are on. */
export function LoginScreen() {
  return <LoginPage checkEmailFooter={<LocalMailboxHint />} />;
}
