import { describe, expect, it } from "vitest";
import { nativeShareData, shareLink, shareText, trackedShareUrl } from "./share";

const URL_ = "https://clink.example/share/event/friday-pints-k3m9xq";
const publicEvent = { title: "Friday Pints & Chips", isPublic: true };
const privateEvent = { title: "Sam's 30th", isPublic: false };

function params(link: string, name: string): string | null {
  return new URL(link).searchParams.get(name);
}

describe("share text", () => {
  it("invites with the title, marking private events", () => {
    expect(shareText(publicEvent)).toBe("Join me at Friday Pints & Chips");
    expect(shareText(privateEvent)).toBe("Join me at Sam's 30th (Private Event)");
  });
});

describe("tracked URLs", () => {
  it("adds utm_source (copy by default), utm_medium=social and utm_campaign=event_share", () => {
    expect(trackedShareUrl(URL_)).toBe(
      `${URL_}?utm_source=copy&utm_medium=social&utm_campaign=event_share`,
    );
    expect(params(trackedShareUrl(URL_, "instagram"), "utm_source")).toBe("instagram");
  });

  it("keeps existing query parameters and replaces old tracking", () => {
    const tracked = trackedShareUrl(`${URL_}?ref=abc&utm_source=old`, "whatsapp");
    expect(params(tracked, "ref")).toBe("abc");
    expect(new URL(tracked).searchParams.getAll("utm_source")).toEqual(["whatsapp"]);
  });
});

describe("share links", () => {
  it("puts text and link in WhatsApp and SMS messages", () => {
    const whatsapp = shareLink(publicEvent, URL_, "whatsapp");
    expect(whatsapp.startsWith("https://wa.me/?text=")).toBe(true);
    expect(params(whatsapp, "text")).toBe(
      `Join me at Friday Pints & Chips ${URL_}?utm_source=whatsapp&utm_medium=social&utm_campaign=event_share`,
    );
    const sms = shareLink(privateEvent, URL_, "sms");
    expect(sms.startsWith("sms:?&body=")).toBe(true);
    expect(decodeURIComponent(sms.slice("sms:?&body=".length))).toBe(
      `Join me at Sam's 30th (Private Event) ${URL_}?utm_source=sms&utm_medium=social&utm_campaign=event_share`,
    );
  });

  it("gives Facebook and LinkedIn the link, and X the text and the link", () => {
    expect(params(shareLink(publicEvent, URL_, "facebook"), "u")).toBe(
      trackedShareUrl(URL_, "facebook"),
    );
    expect(params(shareLink(publicEvent, URL_, "linkedin"), "url")).toBe(
      trackedShareUrl(URL_, "linkedin"),
    );
    const x = shareLink(publicEvent, URL_, "x");
    expect(x.startsWith("https://x.com/intent/tweet?")).toBe(true);
    expect(params(x, "text")).toBe("Join me at Friday Pints & Chips");
    expect(params(x, "url")).toBe(trackedShareUrl(URL_, "x"));
  });
});

describe("native share", () => {
  it("shares the page title, the text and a tracked link", () => {
    expect(nativeShareData(privateEvent, URL_)).toEqual({
      title: "Sam's 30th | Clink",
      text: "Join me at Sam's 30th (Private Event)",
      url: trackedShareUrl(URL_, "native"),
    });
  });
});
