import { pageTitle } from "@shared/brand";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { useGoBack } from "@/lib/useGoBack";
import { usePageTitle } from "@/lib/usePageTitle";

/** An unknown profile, or a private one seen signed out. */
export function ProfileNotFound() {
  usePageTitle(pageTitle("Search Result Not Found"));
  const goBack = useGoBack("/");

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-6xl" aria-hidden="true">
        🔍
      </p>
      <h1 className="mt-6 font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
        Search Result Not Found
      </h1>
      <p className="mt-3 text-cream-200">
        We couldn&apos;t find that profile. It may not exist, or its owner keeps it to themselves.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
        <ButtonLink to="/discover">Find Sessions</ButtonLink>
      </div>
    </div>
  );
}
