/**
 * Offline `convex/_generated/` generator.
 *
 * `npx convex codegen` needs a deployment to talk to; this produces the same
 * files from the same templates the Convex CLI ships (`apiCodegen`,
 * `serverCodegen`), with no network. `npm run codegen` writes them;
 * `npm run codegen -- --check` fails when the committed files are stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { format } from "prettier";
import { discoverComponents, type ComponentSpec } from "./components.ts";
import { listFunctionModules } from "./modules.ts";

const require = createRequire(import.meta.url);
const templatesDir = path.join(
  path.dirname(require.resolve("convex/package.json")),
  "dist/cjs/cli/codegen_templates",
);

type Generated = { DTS: string; JS: string };
const { apiCodegen } = require(path.join(templatesDir, "api.js")) as {
  apiCodegen: (modulePaths: string[], opts: { useTypeScript: boolean }) => Generated;
};
const { serverCodegen } = require(path.join(templatesDir, "server.js")) as {
  serverCodegen: (opts: { useTypeScript: boolean }) => Generated;
};

const HEADER = `/* eslint-disable */
/**
 * Generated data model types.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run \`npm run codegen\` (or \`npx convex dev\` against a deployment).
 * @module
 */
`;

const dataModelWithSchema = `${HEADER}
import type { DataModelFromSchemaDefinition, DocumentByName, TableNamesInDataModel, SystemTableNames } from "convex/server";
import type { GenericId } from "convex/values";
import schema from "../schema.js";

/** The names of all of your Convex tables. */
export type TableNames = TableNamesInDataModel<DataModel>;

/** The type of a document stored in Convex. */
export type Doc<TableName extends TableNames> = DocumentByName<DataModel, TableName>;

/** An identifier for a document in Convex. */
export type Id<TableName extends TableNames | SystemTableNames> = GenericId<TableName>;

/** A type describing your Convex data model. */
export type DataModel = DataModelFromSchemaDefinition<typeof schema>;
`;

const dataModelWithoutSchema = `${HEADER}
import type { AnyDataModel } from "convex/server";
import type { GenericId } from "convex/values";

export type TableNames = string;
export type Doc = any;
export type Id<TableName extends TableNames = TableNames> = GenericId<TableName>;
export type DataModel = AnyDataModel;
`;

/** Typed `components`, from the `ComponentApi` type each component package ships. */
function componentsDTS(components: ComponentSpec[]): string {
  const entries = components.map(
    (c) =>
      `  ${JSON.stringify(c.path)}: import("${c.packageName}/_generated/component.js").ComponentApi<${JSON.stringify(c.path)}>;`,
  );
  return `
export declare const components: {
${entries.join("\n")}
};
`;
}

const componentsJS = `
import { componentsGeneric } from "convex/server";
export const components = componentsGeneric();
`;

/** The generated files for `functionsDir`, by file name. */
export async function generateFiles(functionsDir: string): Promise<Record<string, string>> {
  const api = apiCodegen(listFunctionModules(functionsDir), { useTypeScript: false });
  const server = serverCodegen({ useTypeScript: false });
  const hasSchema =
    existsSync(path.join(functionsDir, "schema.ts")) ||
    existsSync(path.join(functionsDir, "schema.js"));
  const components = discoverComponents(functionsDir).filter((c) => c.packageName !== null);
  const files: Record<string, string> = {
    "api.d.ts": components.length ? api.DTS + componentsDTS(components) : api.DTS,
    "api.js": components.length ? api.JS + componentsJS : api.JS,
    "server.d.ts": server.DTS,
    "server.js": server.JS,
    "dataModel.d.ts": hasSchema ? dataModelWithSchema : dataModelWithoutSchema,
  };
  for (const [name, text] of Object.entries(files)) {
    files[name] = await format(text, { parser: "typescript" });
  }
  return files;
}

/** Names of generated files that differ from what is on disk. */
export async function staleGeneratedFiles(functionsDir: string): Promise<string[]> {
  const files = await generateFiles(functionsDir);
  return Object.entries(files)
    .filter(([name, text]) => {
      const file = path.join(functionsDir, "_generated", name);
      return !existsSync(file) || readFileSync(file, "utf8") !== text;
    })
    .map(([name]) => name);
}

export async function writeGeneratedFiles(functionsDir: string): Promise<string[]> {
  const stale = await staleGeneratedFiles(functionsDir);
  if (stale.length === 0) return [];
  const files = await generateFiles(functionsDir);
  mkdirSync(path.join(functionsDir, "_generated"), { recursive: true });
  for (const name of stale) writeFileSync(path.join(functionsDir, "_generated", name), files[name]);
  return stale;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dirFlag = args.indexOf("--functions");
  const functionsDir = path.resolve(dirFlag >= 0 ? args[dirFlag + 1] : "convex");
  if (args.includes("--check")) {
    const stale = await staleGeneratedFiles(functionsDir);
    if (stale.length > 0) {
      console.error(
        `convex/_generated is stale (${stale.join(", ")}). Run \`npm run codegen\` and commit the result.`,
      );
      process.exit(1);
    }
    console.log("convex/_generated is up to date.");
  } else {
    const written = await writeGeneratedFiles(functionsDir);
    console.log(
      written.length
        ? `Wrote convex/_generated/{${written.join(",")}}`
        : "convex/_generated is up to date.",
    );
  }
}
