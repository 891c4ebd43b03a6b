import { describe, expect, test } from "vitest";
import { citationsIn } from "./checkCitations.ts";

// Spelled in pieces, so a plain-text search for citations does not find this file.
const SPEC = `spec ${2} \u00a7${4}`;
const ISSUE = `issue ${14}`;
const DESIGN = `DESIGN${"."}md`;

const lines = (file: string, text: string) => citationsIn(file, text).map((f) => f.line);

describe("checkCitations", () => {
  test("finds citations in line, block and JSX comments, and in test titles", () => {
    const code = [
      `// the rule (${SPEC})`,
      `/** see ${DESIGN} */`,
      `const a = 1; // ${ISSUE}`,
      `describe("refuses it (${ISSUE})", () => {});`,
      `const view = <div>{/* ${SPEC} */}</div>;`,
    ].join("\n");
    expect(lines("x.tsx", code)).toEqual([1, 2, 3, 4, 5]);
  });

  test("leaves strings, JSX text and plain words alone", () => {
    const code = [
      "// states the rule: any RSVP status can be set from the event page",
      `const copy = "${SPEC}";`,
      `const view = <p>${ISSUE}</p>;`,
      'it("has no citation", () => {});',
    ].join("\n");
    expect(lines("x.tsx", code)).toEqual([]);
  });

  test("checks CSS and HTML comments", () => {
    expect(lines("a.css", `/* ${DESIGN} colours */\na { color: red }`)).toEqual([1]);
    expect(lines("a.html", `<p>ok</p>\n<!-- ${ISSUE} -->`)).toEqual([2]);
  });
});
