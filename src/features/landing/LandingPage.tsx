import { usePageTitle } from "@/lib/usePageTitle";
import { ClosingCallToAction } from "./ClosingCallToAction";
import { FeatureGrid } from "./FeatureGrid";
import { HeroSection } from "./HeroSection";
import { StatsStrip } from "./StatsStrip";
import { VibeCards } from "./VibeCards";

/** The public home page: the pitch, the vibes and the way in. */
export function LandingPage() {
  usePageTitle();

  return (
    <>
      <HeroSection />
      <StatsStrip />
      <FeatureGrid />
      <VibeCards />
      <ClosingCallToAction />
    </>
  );
}
