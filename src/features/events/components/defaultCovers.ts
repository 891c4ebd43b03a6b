import { isVibe, type Vibe } from "@shared/eventOptions";
import casual from "./covers/casual.svg?inline";
import chill from "./covers/chill.svg?inline";
import classy from "./covers/classy.svg?inline";
import other from "./covers/other.svg?inline";
import party from "./covers/party.svg?inline";
import shots from "./covers/shots.svg?inline";
import stoneCold from "./covers/stone_cold.svg?inline";
import wild from "./covers/wild.svg?inline";

// Inlined as data: URLs (~7 KB gzip for all eight, with the cards' code): a card paints with
// its cover, instead of asking for it once the data is in, and a phone's first round trips are
// not shared with covers below the fold.
const COVERS: Record<Vibe, string> = {
  casual,
  chill,
  classy,
  other,
  party,
  shots,
  stone_cold: stoneCold,
  wild,
};

/**
 * The cover shown when an event has none (one per vibe), also the fallback when
 * a cover fails to load. Unknown vibes get the "other" cover.
 */
export function defaultCover(vibe: string | null | undefined): string {
  return COVERS[isVibe(vibe) ? vibe : "other"];
}
