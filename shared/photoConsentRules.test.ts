import { describe, expect, test } from "vitest";
import {
  canObjectToPhoto,
  canSeeHiddenPhoto,
  canSeeObjectors,
  canSeePhoto,
  hiddenPhotoReason,
  isPhotoHidden,
  type PhotoStanding,
} from "./photoConsentRules";

const nobody: PhotoStanding = { isUploader: false, isHost: false, hasObjected: false };

describe("who sees a hidden photo", () => {
  test("hidden while any objection stands", () => {
    expect(isPhotoHidden({})).toBe(false);
    expect(isPhotoHidden({ objectionCount: 0 })).toBe(false);
    expect(isPhotoHidden({ objectionCount: 2 })).toBe(true);
  });

  test("the uploader, the hosts and the objectors; nobody else", () => {
    expect(canSeeHiddenPhoto(nobody)).toBe(false);
    expect(canSeeHiddenPhoto({ ...nobody, isUploader: true })).toBe(true);
    expect(canSeeHiddenPhoto({ ...nobody, isHost: true })).toBe(true);
    expect(canSeeHiddenPhoto({ ...nobody, hasObjected: true })).toBe(true);
    expect(canSeePhoto({}, nobody)).toBe(true);
    expect(canSeePhoto({ objectionCount: 1 }, nobody)).toBe(false);
  });

  test("names for the uploader and the hosts only; anyone but the uploader objects", () => {
    expect(canSeeObjectors({ ...nobody, hasObjected: true })).toBe(false);
    expect(canSeeObjectors({ ...nobody, isHost: true })).toBe(true);
    expect(canObjectToPhoto(false, nobody)).toBe(false);
    expect(canObjectToPhoto(true, nobody)).toBe(true);
    expect(canObjectToPhoto(true, { ...nobody, isUploader: true })).toBe(false);
  });
});

describe("the reason", () => {
  test.each([
    [{ count: 1, viewerObjected: false, names: ["Ann"] }, "Hidden: Ann asked not to show it"],
    [
      { count: 2, viewerObjected: false, names: ["Ann", "Ben"] },
      "Hidden: Ann and Ben asked not to show it",
    ],
    [
      { count: 4, viewerObjected: false, names: ["Ann", "Ben"] },
      "Hidden: Ann, Ben and 2 others asked not to show it",
    ],
    [{ count: 1, viewerObjected: true, names: [] }, "Hidden: you asked not to show it"],
    [{ count: 2, viewerObjected: true, names: [] }, "Hidden: you and 1 other asked not to show it"],
    [
      { count: 3, viewerObjected: true, names: ["Ann"] },
      "Hidden: you, Ann and 1 other asked not to show it",
    ],
    [{ count: 1, viewerObjected: false, names: [] }, "Hidden: someone asked not to show it"],
    [{ count: 3, viewerObjected: false, names: [] }, "Hidden: 3 people asked not to show it"],
  ])("%j", (input, reason) => {
    expect(hiddenPhotoReason(input)).toBe(reason);
  });
});
