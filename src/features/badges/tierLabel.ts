import type { BadgeColorTier } from "@shared/badgeCatalogue";
import { TIER_RARITY } from "@shared/badgeRules";

/** "Epic · Gold". */
export function tierLabel(tier: BadgeColorTier): string {
  return `${TIER_RARITY[tier]} · ${tier[0].toUpperCase()}${tier.slice(1)}`;
}
