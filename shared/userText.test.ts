import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  USER_TEXT_MESSAGES,
  cleanUserText,
  hasLoneSurrogate,
  repairOptionalUserText,
  repairUserText,
} from "./userText";
import { optionalUserText, userText } from "./userTextFields";

const clean = (value: string, multiline = false) => cleanUserText(value, { multiline });

describe("cleanUserText", () => {
  it("stores Unicode NFC: a decomposed accent composes", () => {
    expect(clean("Cafe\u0301")).toEqual({ ok: true, text: "Caf\u00e9" });
  });

  it("removes NUL and the other C0 and C1 controls", () => {
    expect(clean("Be\u0000er\u0007 \u001bnight\u007f\u0085")).toEqual({
      ok: true,
      text: "Beer night",
    });
  });

  it("turns line breaks and tabs into spaces in a single-line field", () => {
    expect(clean("Friday\r\nbeers\tand\u2028more")).toEqual({
      ok: true,
      text: "Friday beers and more",
    });
  });

  it("keeps newlines (any line break becomes \\n) and tabs in a multi-line field", () => {
    expect(clean("one\r\ntwo\rthree\u2029four\tfive", true)).toEqual({
      ok: true,
      text: "one\ntwo\nthree\nfour\tfive",
    });
  });

  it("refuses a lone surrogate, high or low", () => {
    const refused = { ok: false, message: USER_TEXT_MESSAGES.invalidCharacters };
    expect(clean("pint \ud83c")).toEqual(refused);
    expect(clean("\udf7a pint")).toEqual(refused);
    expect(clean("pint \ud83c\udf7a")).toEqual({ ok: true, text: "pint \ud83c\udf7a" });
  });

  it("removes bidi override, embedding and isolate controls", () => {
    expect(clean("invoice\u202Efdp.exe")).toEqual({ ok: true, text: "invoicefdp.exe" });
    expect(clean("\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069Pub")).toEqual({
      ok: true,
      text: "Pub",
    });
  });

  it("keeps what real text needs: emoji joiners, Persian's ZWNJ, accents", () => {
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
    expect(clean(`${family} می\u200Cخواهم Zoë`)).toEqual({
      ok: true,
      text: `${family} می\u200Cخواهم Zoë`,
    });
  });

  it("trims, and counts text of only whitespace or invisible characters as blank", () => {
    expect(clean("  Pub quiz \u3000")).toEqual({ ok: true, text: "Pub quiz" });
    expect(clean("\u200B\u200C\u200D\u2060\uFEFF")).toEqual({ ok: true, text: "" });
    expect(clean(" \u00A0\u200B \u3164\u180E\u00AD ", true)).toEqual({ ok: true, text: "" });
    expect(clean("\u202E\u0000\n", true)).toEqual({ ok: true, text: "" });
  });
});

describe("repairUserText", () => {
  it("replaces lone surrogates with U+FFFD instead of refusing", () => {
    expect(repairUserText("a\ud800b")).toBe("a\ufffdb");
    expect(hasLoneSurrogate(repairUserText("\udc00"))).toBe(false);
  });

  it("is idempotent", () => {
    const once = repairUserText(" \u202Eab\u0000c\u0301\r\n\ud800 ", { multiline: true });
    expect(repairUserText(once, { multiline: true })).toBe(once);
  });

  it("makes blank optional text null", () => {
    expect(repairOptionalUserText("\u200B")).toBeNull();
    expect(repairOptionalUserText(undefined)).toBeNull();
    expect(repairOptionalUserText(" Bar ")).toBe("Bar");
  });
});

describe("the zod transforms", () => {
  const title = z.string().transform(userText());
  const notes = z
    .union([z.string(), z.null()])
    .optional()
    .transform(optionalUserText({ multiline: true }));

  it("clean the value", () => {
    expect(title.parse(" Caf\u0065\u0301\u202E ")).toBe("Caf\u00e9");
    expect(notes.parse("a\r\nb")).toBe("a\nb");
  });

  it("make blank optional text null", () => {
    expect(notes.parse("\u200B ")).toBeNull();
    expect(notes.parse(undefined)).toBeNull();
  });

  it("report a refused text as an issue", () => {
    const result = title.safeParse("\ud800");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(USER_TEXT_MESSAGES.invalidCharacters);
  });
});
