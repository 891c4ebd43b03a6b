/**
 * The crew share page (`GET /share/crew/{crewId}`): a public crew's link-preview tags for
 * crawlers with a redirect to its page; a private crew's page names nothing of it; an
 * unknown crew is a 404.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createCrew, createUser, newTest, stubDeploymentEnv } from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

describe("GET /share/crew/{crewId}", () => {
  test("a public crew: its name, description and the default crew image, and a redirect", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const crewId = await createCrew(host, {
      name: "Thirsty Thursdays",
      description: "Every Thursday, the usual spot.",
      vibe: "party",
      isPublic: true,
    });
    const response = await t.fetch(`/share/crew/${crewId}?utm_source=whatsapp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const html = await response.text();
    const url = `http://localhost:5173/crew/${crewId}`;
    expect(html).toContain("<title>Thirsty Thursdays | Clink</title>");
    expect(html).toContain('<meta property="og:title" content="Thirsty Thursdays">');
    expect(html).toContain(
      '<meta property="og:description" content="Every Thursday, the usual spot.">',
    );
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:5173/og-default-crew.jpg">',
    );
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${url}">`);
    expect(html).toContain(`window.location.replace("${url}?utm_source=whatsapp")`);
  });

  test("a public crew without a description is described by its vibe and size", async () => {
    const t = newTest();
    const host = await createUser(t);
    const crewId = await createCrew(host, { name: "Quiet Ones", description: null, vibe: "chill" });
    const html = await (await t.fetch(`/share/crew/${crewId}`)).text();
    expect(html).toContain(
      '<meta name="description" content="A chill crew of 1 member on Clink. Plan the next round together.">',
    );
  });

  test("a private crew reveals neither its name nor its description; an unknown one is a 404", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const crewId = await createCrew(host, {
      name: "Secret Society",
      description: "Hidden agenda",
      isPublic: false,
    });
    const response = await t.fetch(`/share/crew/${crewId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Private Crew | Clink</title>");
    expect(html).toContain('<meta property="og:title" content="Private Crew | Clink">');
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:5173/og-default-crew.jpg">',
    );
    expect(html).toContain(`window.location.replace("http://localhost:5173/crew/${crewId}")`);
    for (const secret of ["Secret", "Hidden", "Hana"]) expect(html).not.toContain(secret);

    // A deleted crew and a string that is no crew id at all: 404 with the product's tags.
    await t.run(async (ctx) => await ctx.db.delete("crews", crewId));
    for (const segment of [crewId, "not-a-crew"]) {
      const missing = await t.fetch(`/share/crew/${segment}`);
      expect(missing.status).toBe(404);
      const missingHtml = await missing.text();
      expect(missingHtml).toContain("<title>Crew not found | Clink</title>");
      expect(missingHtml).toContain(`http://localhost:5173/crew/${segment}`);
      expect(missingHtml).not.toContain("invited");
    }
  });
});
