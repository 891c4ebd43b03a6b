import type { ReactNode } from "react";

/** One card of the Settings page: a heading, a line saying what it controls, then its controls. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  /** Unique on the page; names the heading for the section's label. */
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-7"
    >
      <h2 id={headingId} className="font-display text-xl font-bold">
        {title}
      </h2>
      <p className="mt-1 text-cream-200">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}
