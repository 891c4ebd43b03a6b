// `npm run lint` (after ESLint) and `npm test`: comments and test titles state the rule they are
// about, never a citation of a document a newcomer cannot open (a section of the product
// specification, a tracker issue number, the design notes kept outside this repository). A rule
// too long to restate goes in docs/product-rules.md and the comment links there.
//
//   node --import tsx scripts/checkCitations.ts   → file:line: the comment, exit 1 when any
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** A citation: "spec" or "issue" and a number, a section sign, or the design notes' file name. */
export const CITATION = /\bspec \d+\b|\u00a7|\bissues? #?\d+\b|\bDESIGN\.md\b/i;

/** Where comments are checked, from the project root. */
const ROOTS = ["convex", "src", "shared", "local-backend", "tests", "scripts", "bench"];
/** Also checked: the configuration files at the root. */
const ROOT_FILE = /^[^/]+\.config\.(ts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(["node_modules", "_generated", "dist", ".local-backend"]);
const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const OTHER = /\.(css|html)$/;

export type Finding = { file: string; line: number; text: string };

/** The comments and test titles of one file that cite something, with their lines. */
export function citationsIn(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  if (!CITATION.test(text)) return found; // most files: no parse needed
  const lineOf = (pos: number) => text.slice(0, pos).split("\n").length;
  const check = (pos: number, piece: string) => {
    if (CITATION.test(piece)) found.push({ file, line: lineOf(pos), text: firstMatchLine(piece) });
  };
  if (SCRIPT.test(file)) {
    for (const { pos, end } of commentRanges(file, text)) check(pos, text.slice(pos, end));
    for (const { pos, title } of testTitles(file, text)) check(pos, title);
  } else {
    const comment = file.endsWith(".html") ? /<!--[\s\S]*?-->/g : /\/\*[\s\S]*?\*\//g;
    for (const match of text.matchAll(comment)) check(match.index, match[0]);
  }
  return found.sort((x, y) => x.line - y.line);
}

function firstMatchLine(piece: string): string {
  const line = piece.split("\n").find((l) => CITATION.test(l)) ?? piece;
  return line.trim().slice(0, 160);
}

function parse(file: string, text: string): ts.SourceFile {
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** Every comment of a script, found in the trivia around each token (not inside strings or JSX text). */
function commentRanges(file: string, text: string): ts.CommentRange[] {
  const source = parse(file, text);
  const seen = new Map<number, ts.CommentRange>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, range);
  };
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) return;
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()];
}

/** The titles given to `describe`, `it` and `test` (also `.each`, `.skip`…). */
function testTitles(file: string, text: string): { pos: number; title: string }[] {
  const titles: { pos: number; title: string }[] = [];
  const rootName = (expression: ts.Expression): string | null => {
    if (ts.isIdentifier(expression)) return expression.text;
    if (ts.isPropertyAccessExpression(expression)) return rootName(expression.expression);
    if (ts.isCallExpression(expression)) return rootName(expression.expression);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ["describe", "it", "test"].includes(rootName(node.expression) ?? "")
    ) {
      const first = node.arguments[0];
      if (first && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first)))
        titles.push({ pos: first.getStart(), title: first.getText() });
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return titles;
}

function filesUnder(dir: string, root: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...filesUnder(relative, root));
    } else if (SCRIPT.test(entry.name) || OTHER.test(entry.name)) {
      files.push(relative);
    }
  }
  return files;
}

function projectFiles(root: string): string[] {
  const atRoot = readdirSync(root).filter((name) => ROOT_FILE.test(name) || name === "index.html");
  return [...atRoot, ...ROOTS.flatMap((dir) => filesUnder(dir, root))];
}

function main(): number {
  const root = path.resolve(import.meta.dirname, "..");
  const findings = projectFiles(root).flatMap((file) =>
    citationsIn(file, readFileSync(path.join(root, file), "utf8")),
  );
  for (const { file, line, text } of findings) console.error(`${file}:${line}: ${text}`);
  if (findings.length === 0) {
    console.log("Comments and test titles cite no spec section, issue or design-notes file.");
    return 0;
  }
  console.error(
    `\n${findings.length} comment(s) or test title(s) cite a document a newcomer cannot open.\n` +
      "State the rule itself, or link to docs/product-rules.md where it is too long to restate.",
  );
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = main();
}
