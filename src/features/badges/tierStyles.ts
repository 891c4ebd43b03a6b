import type { BadgeColorTier } from "@shared/badgeCatalogue";

/** Each tier's colour: the medal's ring and glow, and its label chip, warm on the dark page. */
export const TIER_STYLES: Record<BadgeColorTier, { ring: string; chip: string; bar: string }> = {
  bronze: {
    ring: "bg-gradient-to-br from-[#f0a36b] to-[#8a4b22] shadow-[0_0_0_1px_rgb(240_163_107/0.4)]",
    chip: "bg-[#8a4b22]/30 text-[#f6c39d]",
    bar: "bg-[#f0a36b]",
  },
  silver: {
    ring: "bg-gradient-to-br from-[#f4f1ec] to-[#8f8a84] shadow-[0_0_0_1px_rgb(244_241_236/0.4)]",
    chip: "bg-[#8f8a84]/30 text-[#ece8e2]",
    bar: "bg-[#d9d4cd]",
  },
  gold: {
    ring: "bg-gradient-to-br from-brand-amber to-[#b7791f] shadow-[0_0_14px_rgb(251_191_36/0.45)]",
    chip: "bg-brand-amber/20 text-brand-amber",
    bar: "bg-brand-amber",
  },
  neon: {
    ring: "bg-gradient-to-br from-brand-pink via-[#a78bfa] to-[#22d3ee] shadow-[0_0_18px_rgb(244_114_182/0.6)]",
    chip: "bg-brand-pink/20 text-[#f9a8d4]",
    bar: "bg-gradient-to-r from-brand-pink to-[#22d3ee]",
  },
};
