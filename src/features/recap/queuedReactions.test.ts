import { describe, expect, it } from "vitest";
import { mineOf, withQueuedToggles } from "./queuedReactions";

const reactions = (beer: { count: number; mine: boolean }, fire = { count: 0, mine: false }) => [
  { reaction: "🍻", ...beer },
  { reaction: "🔥", ...fire },
];

describe("queued reaction toggles as a comment shows them", () => {
  it("a toggle adds the viewer's reaction, counted once", () => {
    const live = reactions({ count: 2, mine: false });
    expect(withQueuedToggles(live, ["🍻"], mineOf(live))[0]).toEqual({
      reaction: "🍻",
      count: 3,
      mine: true,
    });
  });

  it("a toggle of a reaction the viewer gave takes it back", () => {
    const live = reactions({ count: 2, mine: true });
    expect(withQueuedToggles(live, ["🍻"], mineOf(live))[0]).toMatchObject({
      count: 1,
      mine: false,
    });
  });

  it("two toggles of one reaction leave it as it was", () => {
    const live = reactions({ count: 2, mine: false });
    expect(withQueuedToggles(live, ["🍻", "🍻"], mineOf(live))).toBe(live);
  });

  it("toggles of different reactions each apply", () => {
    const live = reactions({ count: 1, mine: true }, { count: 0, mine: false });
    const shown = withQueuedToggles(live, ["🍻", "🔥"], mineOf(live));
    expect(shown.map((r) => [r.count, r.mine])).toEqual([
      [0, false],
      [1, true],
    ]);
  });

  it("does not flip again a toggle the server has applied while its call is still queued", () => {
    const before = reactions({ count: 2, mine: false });
    // The server applied the toggle (and someone else reacted too); the call has not left.
    const applied = reactions({ count: 4, mine: true });
    expect(withQueuedToggles(applied, ["🍻"], mineOf(before))).toBe(applied);
  });

  it("with nothing queued the reactions are the server's (a refusal rolls back)", () => {
    const live = reactions({ count: 2, mine: false });
    expect(withQueuedToggles(live, [], new Set(["🍻"]))).toBe(live);
  });
});
