const crewInitials = [
  { initial: "S", colorClass: "bg-brand-amber" },
  { initial: "M", colorClass: "bg-brand-orange" },
  { initial: "A", colorClass: "bg-brand-pink" },
  { initial: "T", colorClass: "bg-sky-300" },
];

/**
 * A mock session card that shows what Clink looks like in use. Purely
 * illustrative, so it is hidden from assistive technology.
 */
export function SessionPreviewCard() {
  return (
    <div
      aria-hidden="true"
      className="relative mx-auto w-full max-w-sm -rotate-2 select-none sm:motion-safe:animate-card-in"
    >
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-brand-gradient opacity-25 blur-3xl" />
      <div className="rounded-3xl bg-night-850 p-5 shadow-2xl ring-1 shadow-black/50 ring-night-600">
        <div className="flex items-center justify-between text-sm">
          <span className="inline-flex items-center gap-2 rounded-full bg-rose-500/15 px-2.5 py-1 font-bold tracking-wide text-rose-300">
            <span className="relative flex size-2">
              <span className="absolute inline-flex size-full rounded-full bg-rose-400 motion-safe:animate-ping [animation-iteration-count:4]" />
              <span className="relative inline-flex size-2 rounded-full bg-rose-400" />
            </span>
            LIVE
          </span>
          <span className="text-cream-400">Tonight · 8:30 PM</span>
        </div>

        <p className="mt-4 font-display text-2xl font-extrabold tracking-tight">Friday Pints</p>
        <p className="text-cream-200">📍 The Crown &amp; Anchor</p>

        <div className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
          <span className="rounded-full bg-gradient-to-r from-sky-300 to-emerald-300 px-3 py-1 text-brand-ink">
            😌 Chill
          </span>
          <span className="rounded-full bg-night-800 px-3 py-1 text-cream-200 ring-1 ring-night-600">
            🍺 Beer
          </span>
        </div>

        <div className="mt-5 flex items-center gap-3">
          <div className="flex -space-x-2">
            {crewInitials.map((person) => (
              <span
                key={person.initial}
                className={`inline-flex size-9 items-center justify-center rounded-full text-sm font-bold text-brand-ink ring-2 ring-night-850 ${person.colorClass}`}
              >
                {person.initial}
              </span>
            ))}
          </div>
          <p className="text-sm text-cream-200">
            <span className="font-bold text-cream-50">12 going</span> · 4 maybe
          </p>
        </div>

        <div className="mt-5 grid grid-cols-3 gap-2 text-sm font-semibold">
          <span className="rounded-full bg-brand-gradient py-2 text-center text-brand-ink">
            Going ✓
          </span>
          <span className="rounded-full bg-night-800 py-2 text-center text-cream-200 ring-1 ring-night-600">
            Maybe
          </span>
          <span className="rounded-full bg-night-800 py-2 text-center text-cream-200 ring-1 ring-night-600">
            Can&apos;t
          </span>
        </div>
      </div>

      <div className="absolute -right-2 -bottom-6 rounded-2xl bg-night-800 px-4 py-3 text-sm shadow-xl ring-1 ring-night-600 sm:-right-8 sm:motion-safe:animate-pop-in">
        <span className="font-semibold text-cream-50">Sam</span>{" "}
        <span className="text-cream-200">is going 🎉</span>
      </div>
    </div>
  );
}
