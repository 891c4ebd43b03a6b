import { describe, expect, it } from "vitest";
import { fitWithin } from "./resizeImage";

describe("fitWithin", () => {
  it("keeps small images as they are", () => {
    expect(fitWithin(1200, 800)).toEqual({ width: 1200, height: 800, scaled: false });
    expect(fitWithin(2048, 1000)).toEqual({ width: 2048, height: 1000, scaled: false });
  });
  it("scales the longest side down to 2048", () => {
    expect(fitWithin(4096, 3072)).toEqual({ width: 2048, height: 1536, scaled: true });
    expect(fitWithin(3000, 6000)).toEqual({ width: 1024, height: 2048, scaled: true });
  });
});
