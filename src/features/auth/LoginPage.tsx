import { useAuthActions } from "@convex-dev/auth/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import {
  AUTH_MESSAGES,
  AUTH_TIMINGS,
  emailError,
  googleSignInErrorMessage,
  loginErrorMessage,
  normalizeEmail,
} from "@shared/authMessages";
import { APP_NAME, pageTitle } from "@shared/brand";
import { appErrorData, errorMessage } from "@shared/errors";
import { DEFAULT_POST_LOGIN_PATH, REDIRECT_PARAM, safeRedirectPath } from "@shared/redirects";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { Field, inputStyles } from "@/components/ui/Field";
import { GoogleIcon, MailIcon } from "@/components/ui/icons";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { readRedirectAfterLogin, storeRedirectAfterLogin } from "@/lib/authStorage";
import { connectionLostReason } from "@/lib/offline/connectionWatch";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { usePageTitle } from "@/lib/usePageTitle";
import { useQueryState } from "@/lib/useQueryState";
import { useCurrentUser } from "./useCurrentUser";

const linkLifetime =
  AUTH_TIMINGS.magicLinkMaxAgeSeconds === 3600
    ? "1 hour"
    : `${AUTH_TIMINGS.magicLinkMaxAgeSeconds / 3600} hours`;

/**
 * /login and /auth: sign in and sign up share one screen. Google,
 * or an e-mail address that gets a magic link; then 'Check Your Email'.
 * `?error=` shows the mapped message; `?redirect=` (same-site paths only)
 * says where to go after signing in, else the stored redirectAfterLogin, else /profile.
 */
export function LoginPage({ checkEmailFooter }: { checkEmailFooter?: ReactNode }) {
  usePageTitle(pageTitle("Log in or sign up"));
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const requestedRedirect = safeRedirectPath(searchParams.get(REDIRECT_PARAM));
  const postLoginPath = requestedRedirect ?? readRedirectAfterLogin() ?? DEFAULT_POST_LOGIN_PATH;
  const [loginError, setLoginError] = useState(() => loginErrorMessage(searchParams.get("error")));

  useEffect(() => {
    if (requestedRedirect !== null) storeRedirectAfterLogin(requestedRedirect);
  }, [requestedRedirect]);

  // Signed in already (or just now, in another tab): nothing to do here.
  if (user.status === "signedIn") return <Navigate to={postLoginPath} replace />;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <Card className="relative overflow-hidden p-6 sm:p-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-56 rounded-full bg-brand-pink/15 blur-3xl"
        />
        {sentTo === null ? (
          <SignInForm
            postLoginPath={postLoginPath}
            error={loginError}
            onErrorDismissed={() => setLoginError(null)}
            onSent={setSentTo}
          />
        ) : (
          <CheckEmail email={sentTo} onTryDifferent={() => setSentTo(null)} footer={checkEmailFooter} />
        )}
      </Card>
      <p className="mt-6 text-center text-sm text-cream-400">
        New here? Signing in creates your {APP_NAME} account. No passwords, ever.
      </p>
    </div>
  );
}

function SignInForm({
  postLoginPath,
  error,
  onErrorDismissed,
  onSent,
}: {
  postLoginPath: string;
  error: string | null;
  onErrorDismissed: () => void;
  onSent: (email: string) => void;
}) {
  const { signIn } = useAuthActions();
  const providers = useQueryState(api.authConfig.providers, {});
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [redirectingToGoogle, setRedirectingToGoogle] = useState(false);
  // Both ways in are server calls (actions: cut off mid-way they fail, and can be tried again).
  const network = useNetworkNeeded("signing in", sending || redirectingToGoogle);
  const emailInput = useRef<HTMLInputElement>(null);

  const googleEnabled = providers.status === "success" && providers.data.google;
  const googleNotConfigured = providers.status === "success" && !providers.data.google;

  async function sendMagicLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (network.blocked) return;
    const address = normalizeEmail(email);
    const problem = emailError(address);
    if (problem !== null) {
      setFieldError(problem);
      emailInput.current?.focus();
      return;
    }
    setFieldError(null);
    onErrorDismissed();
    setSending(true);
    try {
      await signIn("email", { email: address, redirectTo: postLoginPath });
      onSent(address);
    } catch (err) {
      const data = appErrorData(err);
      const message = errorMessage(err, connectionLostReason(err) ?? AUTH_MESSAGES.magicLinkFailed);
      if (data?.field === "email" || data?.code === "RATE_LIMITED") {
        setFieldError(message);
        emailInput.current?.focus();
      } else {
        toast.error(message);
      }
    } finally {
      setSending(false);
    }
  }

  async function continueWithGoogle() {
    if (network.blocked) return;
    setRedirectingToGoogle(true);
    try {
      // The library sends the browser to Google; we come back on /auth/callback.
      await signIn("google", { redirectTo: postLoginPath });
    } catch (err) {
      setRedirectingToGoogle(false);
      toast.error(googleSignInErrorMessage(appErrorData(err)?.message ?? err));
    }
  }

  return (
    <div className="relative">
      <p className="text-4xl" aria-hidden="true">
        🥂
      </p>
      <h1 className="mt-3 font-display text-3xl font-extrabold tracking-tight">
        Let&apos;s get you in
      </h1>
      <p className="mt-2 text-cream-200">
        Sign in or sign up in one step. We&apos;ll e-mail you a magic link.
      </p>

      {error && (
        <div
          role="alert"
          className="mt-5 rounded-2xl bg-red-950/60 px-4 py-3 text-sm font-medium text-red-200 ring-1 ring-red-800/70 ring-inset"
        >
          {error}
        </div>
      )}

      <div className="mt-6">
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={!googleEnabled || redirectingToGoogle}
          {...network.controlWith(googleNotConfigured && "google-not-configured")}
          onClick={() => void continueWithGoogle()}
        >
          {redirectingToGoogle ? <Spinner /> : <GoogleIcon />}
          Continue with Google
        </Button>
        <NeedsNetworkNote need={network} className="mt-2 text-center" />
        {googleNotConfigured && (
          <p id="google-not-configured" className="mt-2 text-center text-sm text-cream-400">
            {AUTH_MESSAGES.googleNotConfigured} Use the magic link below.
          </p>
        )}
      </div>

      <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-widest text-cream-400 uppercase">
        <span className="h-px flex-1 bg-night-700" />
        or
        <span className="h-px flex-1 bg-night-700" />
      </div>

      <form noValidate onSubmit={(event) => void sendMagicLink(event)} className="flex flex-col gap-4">
        <Field label="Email address" error={fieldError}>
          {(control) => (
            <input
              {...control}
              ref={emailInput}
              type="email"
              name="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (fieldError) setFieldError(null);
              }}
              className={inputStyles}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={sending} {...network.control}>
          {sending ? (
            <>
              <Spinner /> {network.busyLabel("Sending…")}
            </>
          ) : (
            <>
              <MailIcon className="size-5" /> Send Magic Link
            </>
          )}
        </Button>
      </form>
    </div>
  );
}

function CheckEmail({
  email,
  onTryDifferent,
  footer,
}: {
  email: string;
  onTryDifferent: () => void;
  footer?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="relative flex flex-col items-center text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-gradient text-brand-ink shadow-lg shadow-brand-orange/30">
        <MailIcon className="size-8" />
      </span>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-5 font-display text-3xl font-extrabold tracking-tight focus:outline-none"
      >
        Check Your Email
      </h1>
      <p className="mt-3 text-cream-200">
        We sent a magic link to <strong className="break-all text-cream-50">{email}</strong>. Tap it
        to sign in. It works once and expires in {linkLifetime}.
      </p>
      <p className="mt-2 text-sm text-cream-400">Nothing there? Check your spam folder.</p>
      <Button variant="secondary" className="mt-6" onClick={onTryDifferent}>
        Try Different Email
      </Button>
      {footer && <div className="mt-6 w-full">{footer}</div>}
    </div>
  );
}
