import type { ReactNode } from "react";
import { pageTitle } from "@shared/brand";
import { usePageTitle } from "@/lib/usePageTitle";

/** A centred message with actions: a page's error, not-found and empty panels. */
export function StatePanel({
  emoji,
  title,
  body,
  children,
  alert = false,
}: {
  emoji: string;
  title: string;
  body?: ReactNode;
  children?: ReactNode;
  alert?: boolean;
}) {
  usePageTitle(pageTitle(title));
  return (
    <div
      role={alert ? "alert" : undefined}
      className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24"
    >
      <p aria-hidden="true" className="text-6xl">
        {emoji}
      </p>
      <h1 className="mt-5 font-display text-3xl font-extrabold tracking-tight text-balance">
        {title}
      </h1>
      {body && <div className="mt-3 text-cream-200">{body}</div>}
      {children && <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}
