import { Button } from "@/components/ui/Button";
import { cn } from "@/lib/cn";

const reload = () => window.location.reload();

/** Shown when the app cannot tell who is signed in ('Authentication error', with a reload). */
export function AuthErrorPanel({ className }: { className?: string }) {
  return (
    <div
      role="alert"
      className={cn("mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center", className)}
    >
      <p className="text-5xl" aria-hidden="true">
        🔐
      </p>
      <h1 className="mt-4 font-display text-2xl font-extrabold tracking-tight">
        Authentication error
      </h1>
      <p className="mt-2 text-cream-200">
        We couldn&apos;t check who&apos;s signed in. Reload the page to try again.
      </p>
      <Button className="mt-6" onClick={reload}>
        Reload
      </Button>
    </div>
  );
}

/** The nav bar's version: one small button. */
export function AuthErrorButton() {
  return (
    <Button variant="secondary" size="sm" onClick={reload}>
      Authentication error · Reload
    </Button>
  );
}
