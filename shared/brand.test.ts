import { describe, expect, it } from "vitest";
import {
  APP_NAME,
  DEFAULT_TITLE,
  TAGLINE,
  crewPageTitle,
  eventPageTitle,
  pageTitle,
} from "./brand";

describe("brand", () => {
  it("builds the default title from the name and tagline", () => {
    expect(APP_NAME).toBe("Clink");
    expect(TAGLINE).toBe("Tap. Drink. Repeat.");
    expect(DEFAULT_TITLE).toBe("Clink – Tap. Drink. Repeat.");
  });

  it("titles event pages '{title} | Clink'", () => {
    expect(eventPageTitle("Friday Pints")).toBe("Friday Pints | Clink");
  });

  it("titles crew pages '{name} | Clink'", () => {
    expect(crewPageTitle("The Usual Suspects")).toBe("The Usual Suspects | Clink");
  });

  it("titles other pages the same way", () => {
    expect(pageTitle("Discover")).toBe("Discover | Clink");
  });
});
