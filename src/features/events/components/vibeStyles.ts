import { isVibe, type Vibe } from "@shared/eventOptions";

/** Each vibe's gradient (light, so dark ink text on it keeps AA contrast), as on the landing page. */
export const VIBE_GRADIENTS: Record<Vibe, string> = {
  casual: "from-amber-200 via-amber-300 to-orange-300",
  party: "from-amber-300 via-orange-300 to-pink-400",
  chill: "from-sky-300 via-teal-200 to-emerald-300",
  wild: "from-pink-300 via-fuchsia-300 to-orange-300",
  classy: "from-violet-300 via-fuchsia-200 to-rose-300",
  shots: "from-orange-300 via-orange-400 to-rose-400",
  stone_cold: "from-slate-200 via-cyan-200 to-blue-300",
  other: "from-amber-200 via-orange-200 to-pink-300",
};

export function vibeGradient(vibe: string | null | undefined): string {
  return VIBE_GRADIENTS[isVibe(vibe) ? vibe : "other"];
}
