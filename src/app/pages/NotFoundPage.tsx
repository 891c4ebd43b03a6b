import { ButtonLink } from "@/components/ui/ButtonLink";
import { usePageTitle } from "@/lib/usePageTitle";
import { pageTitle } from "@shared/brand";

export function NotFoundPage() {
  usePageTitle(pageTitle("Page not found"));

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p
        aria-hidden="true"
        className="font-display text-7xl font-black text-brand-gradient sm:text-8xl"
      >
        404
      </p>
      <h1 className="mt-4 font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-3 text-cream-200">
        This bar doesn&apos;t exist — or it closed before we got here. Let&apos;s find you another
        round.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go Home</ButtonLink>
        <ButtonLink to="/discover" variant="secondary">
          Discover Events
        </ButtonLink>
      </div>
    </div>
  );
}
