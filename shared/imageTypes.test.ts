import { describe, expect, it } from "vitest";
import { IMAGE_ACCEPT, isImageType, isImageTypeRefused } from "./imageTypes";

describe("the picture type rule (covers, photos, avatars)", () => {
  it("takes JPEG however declared, PNG and WebP", () => {
    for (const type of ["image/jpeg", "image/jpg", " IMAGE/JPG ", "image/png", "image/webp"]) {
      expect(isImageType(type)).toBe(true);
      expect(isImageTypeRefused(type)).toBe(false);
    }
  });

  it("refuses other declared types and bytes that are no picture (null), not an undeclared type", () => {
    for (const type of ["image/gif", "text/plain", "image/svg+xml", null])
      expect(isImageTypeRefused(type)).toBe(true);
    for (const type of ["", "  ", undefined]) expect(isImageTypeRefused(type)).toBe(false);
  });

  it("offers every spelling to the file picker", () => {
    expect(IMAGE_ACCEPT.split(",")).toEqual(
      expect.arrayContaining([
        "image/jpeg",
        "image/jpg",
        "image/png",
        "image/webp",
        ".jpg",
        ".jpeg",
      ]),
    );
  });
});
