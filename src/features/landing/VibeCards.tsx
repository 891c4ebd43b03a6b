import { vibes } from "./landingContent";
import { Reveal } from "./Reveal";
import { SectionHeading } from "./SectionHeading";

export function VibeCards() {
  return (
    <section
      aria-labelledby="vibes-heading"
      className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-28"
    >
      <SectionHeading
        id="vibes-heading"
        title="Pick your vibe"
        intro="Every session has a vibe, so everyone knows what they're walking into."
      />
      <ul className="mt-12 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {vibes.map((vibe, index) => (
          <li key={vibe.name}>
            <Reveal className="h-full">
              <div
                className={`flex h-full flex-col rounded-3xl transition-[translate,rotate] duration-300 ease-[cubic-bezier(0.34,1.56,0.64,1)] hover:-translate-y-1.5 ${index % 2 === 0 ? "hover:-rotate-[1.5deg]" : "hover:rotate-[1.5deg]"} bg-gradient-to-br p-4 text-brand-ink shadow-lg shadow-black/40 sm:p-6 ${vibe.gradientClass}`}
              >
                <span aria-hidden="true" className="text-4xl sm:text-5xl">
                  {vibe.emoji}
                </span>
                <h3 className="mt-6 font-display text-xl font-black tracking-tight sm:text-2xl">
                  {vibe.name}
                </h3>
                <p className="mt-1 text-sm font-medium sm:text-base">{vibe.body}</p>
              </div>
            </Reveal>
          </li>
        ))}
      </ul>
    </section>
  );
}
