import { marketingStats } from "./landingContent";
import { Reveal } from "./Reveal";

export function StatsStrip() {
  return (
    <section aria-label="Clink in numbers" className="mx-auto max-w-6xl px-4 sm:px-6">
      <Reveal>
        <dl className="grid grid-cols-3 divide-x divide-night-700 rounded-3xl bg-night-850 py-6 ring-1 ring-night-700 sm:py-8">
          {marketingStats.map((stat) => (
            // The number reads first visually, but <dt> must precede <dd> in the markup.
            <div key={stat.label} className="flex flex-col-reverse items-center gap-1 px-2">
              <dt className="text-sm font-medium text-cream-200 sm:text-base">{stat.label}</dt>
              <dd
                className={`font-display text-3xl font-black tracking-tight sm:text-5xl ${stat.colorClass}`}
              >
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </Reveal>
    </section>
  );
}
