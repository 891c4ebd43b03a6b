import { TAGLINE } from "@shared/brand";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { Reveal } from "./Reveal";

export function ClosingCallToAction() {
  return (
    <section
      aria-labelledby="closing-heading"
      className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-28"
    >
      <Reveal>
        {/* A 2px gradient frame around a dark panel keeps the text on a solid background. */}
        <div className="rounded-[2rem] bg-brand-gradient p-0.5">
          <div className="rounded-[calc(2rem-2px)] bg-night-900 px-6 py-12 text-center sm:py-16">
            <p aria-hidden="true" className="text-5xl">
              🥂
            </p>
            <h2
              id="closing-heading"
              className="mt-4 font-display text-3xl font-extrabold tracking-tight sm:text-5xl"
            >
              Your crew is thirsty.
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-lg text-cream-200">
              Start a night in under a minute, or see what&apos;s already pouring near you.{" "}
              {TAGLINE}
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              {/* Worded apart from the hero's calls to action so each link name is unique. */}
              <ButtonLink to="/login" size="lg">
                Round up your crew
              </ButtonLink>
              <ButtonLink to="/discover" variant="secondary" size="lg">
                See what&apos;s on nearby
              </ButtonLink>
            </div>
          </div>
        </div>
      </Reveal>
    </section>
  );
}
