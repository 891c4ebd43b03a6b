import { APP_NAME } from "@shared/brand";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { ArrowRightIcon } from "@/components/ui/icons";
import { SessionPreviewCard } from "./SessionPreviewCard";

// Transform-only entrance (see Reveal): text never fades, so contrast holds. From 640 px up
// only, like the card's (index.css says why).
const RISE = "sm:motion-safe:animate-rise";
const riseDelay = (seconds: number) => ({ animationDelay: `${seconds}s` });

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-10 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-10 lg:pt-24 lg:pb-24"
    >
      <div className="text-center lg:text-left">
        <p
          className={`inline-flex items-center gap-2 rounded-full bg-night-800 px-4 py-1.5 text-sm font-semibold text-brand-amber ring-1 ring-night-600 ${RISE}`}
        >
          <span aria-hidden="true">🔥</span> Ready to raise some hell?
        </p>
        <h1
          id="hero-heading"
          style={riseDelay(0.05)}
          className={`mt-6 font-display text-4xl leading-[1.05] font-black tracking-tight text-balance sm:text-6xl lg:text-7xl ${RISE}`}
        >
          Plan the night in <span className="text-brand-gradient">under 60 seconds.</span>
        </h1>
        <p
          style={riseDelay(0.1)}
          className={`mx-auto mt-5 max-w-xl text-lg text-pretty text-cream-200 lg:mx-0 ${RISE}`}
        >
          Pick a vibe, drop a spot, and {APP_NAME} rounds up your crew. Invites fly out, RSVPs roll
          in live — all you bring is the thirst.
        </p>
        <div
          style={riseDelay(0.15)}
          className={`mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start ${RISE}`}
        >
          <ButtonLink to="/login" size="lg">
            Start a Night <span aria-hidden="true">🍻</span>
          </ButtonLink>
          <ButtonLink to="/discover" variant="secondary" size="lg">
            Discover Events <ArrowRightIcon className="size-5" />
          </ButtonLink>
        </div>
        <p style={riseDelay(0.2)} className={`mt-4 text-sm text-cream-400 ${RISE}`}>
          No passwords: sign in with an e-mail link or Google.
        </p>
      </div>
      <SessionPreviewCard />
    </section>
  );
}
