import { Link } from "react-router-dom";
import { DEBUG_PAGES } from "@shared/debugPages";
import { DebugPage } from "./kit/DebugPage";

const groups = [...new Set(DEBUG_PAGES.map((page) => page.group))];

/** /debug: every internal test and debug page, by area. */
export function DebugIndexPage() {
  return (
    <DebugPage
      title="Debug pages"
      description="Internal test and debug pages. They exercise the real functions and components, so use them with a test account."
      wide
    >
      <div className="grid items-start gap-6 md:grid-cols-2">
        {groups.map((group) => (
          <section
            key={group}
            aria-labelledby={`debug-group-${group}`}
            className="rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset"
          >
            <h2 id={`debug-group-${group}`} className="font-display text-xl font-bold">
              {group}
            </h2>
            <ul className="mt-3 flex flex-col">
              {DEBUG_PAGES.filter((page) => page.group === group).map((page) => (
                <li key={page.path}>
                  <Link
                    to={page.path}
                    className="flex min-h-11 items-center justify-between gap-3 rounded-2xl px-3 py-2 text-cream-50 transition hover:bg-night-800 focus-visible:ring-2 focus-visible:ring-brand-amber focus-visible:outline-none"
                  >
                    <span className="font-semibold">{page.title}</span>
                    <span className="font-mono text-xs text-cream-400">{page.path}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </DebugPage>
  );
}
