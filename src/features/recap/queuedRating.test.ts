import { describe, expect, it } from "vitest";
import { withQueuedRating } from "./queuedRating";

const server = { rating: 3, feedback: "Fun", updatedAt: 1 };

describe("a queued rating as the rating section shows it", () => {
  it("shows the queued rating as the viewer's", () => {
    expect(withQueuedRating(null, { rating: 5, feedback: "  Great night  ", queuedAt: 9 })).toEqual(
      { rating: 5, feedback: "Great night", updatedAt: 9 },
    );
  });

  it("a changed rating replaces the server's", () => {
    expect(withQueuedRating(server, { rating: 4, feedback: null, queuedAt: 9 })).toEqual({
      rating: 4,
      feedback: null,
      updatedAt: 9,
    });
  });

  it("changes nothing once the server shows the same rating", () => {
    expect(withQueuedRating(server, { rating: 3, feedback: "Fun", queuedAt: 9 })).toBe(server);
  });

  it("with nothing queued the rating is the server's", () => {
    expect(withQueuedRating(server, null)).toBe(server);
    expect(withQueuedRating(null, null)).toBeNull();
  });
});
