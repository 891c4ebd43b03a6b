import { expect, test } from "vitest";
import { crewShareUrl, eventShareUrl } from "./shareLinks";
import { trackedShareUrl } from "./share";

test("the share page of a public event uses its slug; of a private one, its private slug", () => {
  const event = { isPublic: true, publicSlug: "friday-pints-k3m9xq", privateSlug: "abcdefghjkmnpqrs" };
  expect(eventShareUrl("https://clink.convex.site/", event)).toBe("https://clink.convex.site/share/event/friday-pints-k3m9xq");
  expect(eventShareUrl("https://clink.convex.site", { ...event, isPublic: false })).toBe("https://clink.convex.site/share/event/abcdefghjkmnpqrs");
  expect(trackedShareUrl(eventShareUrl("https://clink.convex.site", event), "whatsapp")).toBe(
    "https://clink.convex.site/share/event/friday-pints-k3m9xq?utm_source=whatsapp&utm_medium=social&utm_campaign=event_share",
  );
});

test("the share page of a crew is addressed by its id", () => {
  expect(crewShareUrl("https://clink.convex.site/", "k57abc")).toBe("https://clink.convex.site/share/crew/k57abc");
});
