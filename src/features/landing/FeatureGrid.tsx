import { APP_NAME } from "@shared/brand";
import { Card } from "@/components/ui/Card";
import { features } from "./landingContent";
import { Reveal } from "./Reveal";
import { SectionHeading } from "./SectionHeading";

export function FeatureGrid() {
  return (
    <section
      aria-labelledby="features-heading"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28"
    >
      <SectionHeading
        id="features-heading"
        title="Everything a good night needs"
        intro={`${APP_NAME} handles the planning, the invites and the head count, so you can get to the good part.`}
      />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        {features.map((feature, index) => (
          // Three cards on the first row and two wider ones below on large screens.
          <li key={feature.title} className={index < 3 ? "lg:col-span-2" : "lg:col-span-3"}>
            <Reveal className="h-full">
              {/* Icon beside the text on phones to keep the list short; above it from sm up. */}
              <Card className="flex h-full gap-4 transition hover:ring-night-600 sm:flex-col sm:gap-0">
                <span
                  aria-hidden="true"
                  className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-night-800 text-2xl ring-1 ring-night-600"
                >
                  {feature.emoji}
                </span>
                <div>
                  <h3 className="font-display text-lg font-bold tracking-tight sm:mt-4 sm:text-xl">
                    {feature.title}
                  </h3>
                  <p className="mt-1 text-cream-200 sm:mt-2">{feature.body}</p>
                </div>
              </Card>
            </Reveal>
          </li>
        ))}
      </ul>
    </section>
  );
}
