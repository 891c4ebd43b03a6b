import { APP_NAME, TAGLINE } from "@shared/brand";
import { Logo } from "@/components/ui/Logo";

export function Footer() {
  return (
    <footer className="border-t border-night-700/70 bg-night-950/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1">
          <Logo />
          <p className="text-sm text-cream-400">{TAGLINE}</p>
        </div>
        <div className="flex flex-col gap-1 text-sm text-cream-400 sm:items-end">
          <p>
            Made for good nights and better stories. Drink responsibly{" "}
            <span aria-hidden="true">🍻</span>
          </p>
          {/* The year the page is read in; a prerendered page built in another year hydrates over it. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {APP_NAME}
          </p>
        </div>
      </div>
    </footer>
  );
}
