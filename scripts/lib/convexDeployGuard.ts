/**
 * What `npx convex deploy` would refuse, or deploy broken, checked offline: `convex/` is bundled
 * the way the Convex CLI bundles it (same entry points, same esbuild options, one build for the
 * default runtime and one for "use node" files), the bundles are loaded in a Node process to see
 * what each export registers (as the deployment's analysis does), and the sources that went into
 * the bundles are read for calls to other functions.
 *
 * The CLI's bundler (convex/dist/esm/bundler) cannot be imported as a whole (it pulls in the
 * CLI's logging and error reporting, which the package does not ship as dependencies), so its
 * entry-point rules and esbuild options are mirrored here from that code, for the pinned convex
 * version below, and its two self-contained esbuild plugins are imported from it as they are.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, extname, join, parse, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as Esbuild from "esbuild";
import ts from "typescript";

/** The convex version whose bundler these options were copied from (package.json pins it). */
export const MIRRORED_CONVEX_VERSION = "1.48.0";

export type Rule =
  /**
   * The CLI or the deployment would stop: a bundle error, a "use node" file that must not be one,
   * or an args validator that cannot be serialized.
   */
  | "deploy-refused"
  /** A Node built-in reaches a file that runs in the default (non-Node) runtime. */
  | "node-builtin-in-default-runtime"
  /** Queries and mutations run only in the default runtime. */
  | "query-or-mutation-in-node-file"
  /** A public query, mutation or action accepts any arguments. */
  | "public-function-without-args-validator"
  /** A scheduled or nested call targets a public function (`api.…`), not `internal.…`. */
  | "call-targets-public-function"
  /** E-mail rendering (React's server renderer, which needs timers) is loaded with a query or mutation. */
  | "email-rendering-with-query-or-mutation"
  /** A module fails to load, so the deployment could not analyse it either. */
  | "module-fails-to-load";

export interface Violation {
  rule: Rule;
  /** Path relative to the functions directory, or of the source file for a call. */
  file: string;
  message: string;
}

interface RegisteredFunction {
  name: string;
  kind: "query" | "mutation" | "action" | "httpAction";
  visibility: "public" | "internal" | null;
  args: unknown;
  argsError: string | null;
}

export interface LoadedModule {
  /** Path relative to the functions directory, e.g. `emails.ts`. */
  module: string;
  environment: "isolate" | "node";
  functions: RegisteredFunction[];
  loadError?: string;
}

export interface DeployGuardReport {
  violations: Violation[];
  modules: LoadedModule[];
  /** Repository files (outside node_modules) that went into either bundle. */
  sources: string[];
}

const requireHere = createRequire(import.meta.url);
const convexPackageJson = requireHere.resolve("convex/package.json");
// The esbuild the Convex CLI itself resolves, whatever other copies the project holds.
const esbuild = createRequire(convexPackageJson)("esbuild") as typeof Esbuild;

export function installedConvexVersion(): string {
  return (JSON.parse(readFileSync(convexPackageJson, "utf8")) as { version: string }).version;
}

async function convexBundlerPlugins(): Promise<Esbuild.Plugin[]> {
  const bundlerDir = join(dirname(convexPackageJson), "dist", "esm", "bundler");
  const { serverOnlyPlugin } = (await import(
    pathToFileURL(join(bundlerDir, "serverOnly.js")).href
  )) as {
    serverOnlyPlugin: Esbuild.Plugin;
  };
  const { wasmPlugin } = (await import(pathToFileURL(join(bundlerDir, "wasm.js")).href)) as {
    wasmPlugin: Esbuild.Plugin;
  };
  return [serverOnlyPlugin, wasmPlugin];
}

// ---------------------------------------------------------------------------------------------
// Entry points, as the CLI picks them (bundler/index.js: entryPoints, determineEnvironment)

const ENTRY_POINT_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];

function* walkFiles(dir: string): Generator<string> {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const child = join(dir, entry.name);
    if (entry.isDirectory()) {
      // A nested directory with its own convex.config.ts is a component, bundled on its own.
      if (readdirSync(child).includes("convex.config.ts")) continue;
      yield* walkFiles(child);
    } else if (entry.isFile()) yield child;
  }
}

function functionEntryPoints(functionsDir: string): string[] {
  const entries: string[] = [];
  for (const file of walkFiles(functionsDir)) {
    const relPath = relative(functionsDir, file);
    const base = parse(file).base;
    if (!ENTRY_POINT_EXTENSIONS.some((ext) => relPath.endsWith(ext))) continue;
    if (relPath.startsWith(`_generated${sep}`)) continue;
    if (base.startsWith(".") || base.startsWith("#")) continue;
    if (base === "schema.ts" || base === "schema.js") continue;
    // Tests, workloads and auth.config.ts: more than one dot, so never a function module.
    if ((base.match(/\./g) ?? []).length > 1) continue;
    if (relPath.includes(" ")) continue;
    if (
      (file.endsWith(".ts") || file.endsWith(".tsx")) &&
      !/^\s{0,100}(import|export)/m.test(readFileSync(file, "utf8"))
    )
      continue;
    entries.push(file);
  }
  return entries;
}

/** The file's directive prologue holds "use node" (the CLI reads it with Babel; the AST is the same). */
function hasUseNodeDirective(source: string, fileName = "module.tsx"): boolean {
  if (!source.includes("use node")) return false;
  const sourceFile = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    scriptKind(fileName),
  );
  for (const statement of sourceFile.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    if (statement.expression.text === "use node") return true;
  }
  return false;
}

function scriptKind(fileName: string): ts.ScriptKind {
  const ext = extname(fileName).toLowerCase();
  if (ext === ".tsx") return ts.ScriptKind.TSX;
  if (ext === ".jsx") return ts.ScriptKind.JSX;
  if (ext === ".js" || ext === ".mjs" || ext === ".cjs") return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

// ---------------------------------------------------------------------------------------------
// Bundling, with the CLI's options (bundler/debugBundle.js: innerEsbuild; bundler/index.js:
// bundle). No convex.json lists external packages, so nothing is left external.

// The default runtime provides AsyncLocalStorage as a global; the CLI maps async_hooks onto it.
const asyncHooksShim: Esbuild.Plugin = {
  name: "convex-async-hooks-shim",
  setup(build) {
    build.onResolve({ filter: /^(node:)?async_hooks$/ }, (args) => ({
      path: args.path,
      namespace: "async-hooks-shim",
    }));
    build.onLoad({ filter: /.*/, namespace: "async-hooks-shim" }, () => ({
      contents: `
            export const AsyncLocalStorage = globalThis.AsyncLocalStorage;
            export const AsyncResource = globalThis.AsyncResource;
            export default { AsyncLocalStorage, AsyncResource };
          `,
      loader: "js",
    }));
  },
};

type BuildOutcome =
  | {
      ok: true;
      result: Esbuild.BuildResult & {
        metafile: Esbuild.Metafile;
        outputFiles: Esbuild.OutputFile[];
      };
    }
  | { ok: false; errors: Esbuild.Message[] };

async function bundleLikeConvex(options: {
  projectRoot: string;
  functionsDir: string;
  entryPoints: string[];
  platform: "browser" | "node";
  chunksFolder: string;
}): Promise<BuildOutcome> {
  const plugins = await convexBundlerPlugins();
  try {
    const result = await esbuild.build({
      absWorkingDir: options.projectRoot,
      entryPoints: options.entryPoints,
      bundle: true,
      platform: options.platform,
      format: "esm",
      target: "esnext",
      jsx: "automatic",
      outdir: "out",
      outbase: options.functionsDir,
      conditions: ["convex", "module"],
      plugins: options.platform === "browser" ? [asyncHooksShim, ...plugins] : plugins,
      write: false,
      sourcemap: false,
      sourcesContent: false,
      splitting: true,
      chunkNames: join(options.chunksFolder, "[hash]"),
      treeShaking: true,
      minifySyntax: true,
      minifyIdentifiers: true,
      minifyWhitespace: false,
      keepNames: true,
      define: { "process.env.NODE_ENV": '"production"' },
      metafile: true,
      logLevel: "silent",
    });
    return { ok: true, result };
  } catch (error) {
    if (error && typeof error === "object" && "errors" in error && Array.isArray(error.errors))
      return { ok: false, errors: error.errors as Esbuild.Message[] };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The guard

/** What e-mail rendering pulls in: React Email's renderer and React's server renderer. */
const EMAIL_RENDERING =
  /(^|\/)node_modules\/(@react-email\/render|react-dom\/(server|cjs\/react-dom-server))/;
const NODE_MODULES = /(^|\/)node_modules\//;

const isNodeBuiltinError = (message: Esbuild.Message) =>
  message.notes.some((note) => note.text.includes("Are you trying to bundle for node?"));

export async function checkConvexDeploy(options: {
  projectRoot: string;
  /** Relative to projectRoot; `convex` unless convex.json moves it. */
  functionsDir?: string;
}): Promise<DeployGuardReport> {
  const projectRoot = resolve(options.projectRoot);
  const functionsDir = resolve(projectRoot, options.functionsDir ?? "convex");
  const violations: Violation[] = [];
  const toModule = (absPath: string) => relative(functionsDir, absPath).split(sep).join(posix.sep);
  // esbuild reports paths relative to the working directory.
  const fromBuild = (buildPath: string) => toModule(resolve(projectRoot, buildPath));

  const isolateEntries: string[] = [];
  const nodeEntries: string[] = [];
  for (const file of functionEntryPoints(functionsDir)) {
    const relPath = toModule(file);
    const useNode = hasUseNodeDirective(readFileSync(file, "utf8"), file);
    if (
      useNode &&
      ["http", "crons", "schema", "auth.config"].includes(relPath.replace(/\.[^/.]+$/, ""))
    ) {
      violations.push({
        rule: "deploy-refused",
        file: relPath,
        message: `"use node" is not allowed in ${relPath}`,
      });
    } else if (!useNode && relPath.startsWith("actions/")) {
      violations.push({
        rule: "deploy-refused",
        file: relPath,
        message: `${relPath} is in actions/ without "use node", which the CLI refuses`,
      });
    }
    (useNode ? nodeEntries : isolateEntries).push(file);
  }
  // The schema and the auth config are bundled for the default runtime too (separately by the
  // CLI; together here, as only what they import matters).
  const extraIsolate = ["schema.ts", "schema.js", "auth.config.ts", "auth.config.js"]
    .map((name) => join(functionsDir, name))
    .filter((file) => existsSync(file));
  const functionModules = new Set([...isolateEntries, ...nodeEntries].map(toModule));

  const builds = [
    {
      environment: "isolate" as const,
      outcome: await bundleLikeConvex({
        projectRoot,
        functionsDir,
        entryPoints: [...isolateEntries, ...extraIsolate],
        platform: "browser",
        chunksFolder: "_deps",
      }),
    },
    {
      environment: "node" as const,
      outcome:
        nodeEntries.length === 0
          ? null
          : await bundleLikeConvex({
              projectRoot,
              functionsDir,
              entryPoints: nodeEntries,
              platform: "node",
              chunksFolder: join("_deps", "node"),
            }),
    },
  ];

  const outDir = mkdtempSync(join(tmpdir(), "convex-deploy-guard-"));
  try {
    const toLoad: { module: string; file: string; environment: "isolate" | "node" }[] = [];
    const sources = new Set<string>();
    const metafiles: { environment: "isolate" | "node"; metafile: Esbuild.Metafile }[] = [];
    for (const { environment, outcome } of builds) {
      if (outcome === null) continue;
      if (!outcome.ok) {
        for (const error of outcome.errors) {
          const file = error.location ? fromBuild(error.location.file) : "(bundle)";
          const where = error.location ? `${file}:${error.location.line}` : file;
          if (environment === "isolate" && isNodeBuiltinError(error))
            violations.push({
              rule: "node-builtin-in-default-runtime",
              file,
              message: `${where}: ${error.text}; only "use node" files may use Node built-ins`,
            });
          else
            violations.push({ rule: "deploy-refused", file, message: `${where}: ${error.text}` });
        }
        continue;
      }
      const { metafile, outputFiles } = outcome.result;
      metafiles.push({ environment, metafile });
      for (const output of outputFiles) {
        const target = join(outDir, relative(join(projectRoot, "out"), output.path));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, output.contents);
      }
      for (const [outputPath, output] of Object.entries(metafile.outputs)) {
        if (environment === "isolate") {
          // The default runtime loads nothing from outside its bundle.
          for (const imported of output.imports)
            if (imported.external)
              violations.push({
                rule: "node-builtin-in-default-runtime",
                file: output.entryPoint ? fromBuild(output.entryPoint) : outputPath,
                message: `the default-runtime bundle imports "${imported.path}" from outside itself`,
              });
        }
        if (!output.entryPoint) continue;
        const module = fromBuild(output.entryPoint);
        if (!functionModules.has(module)) continue;
        toLoad.push({ module, environment, file: join(outDir, relative("out", outputPath)) });
      }
      for (const input of Object.keys(metafile.inputs))
        if (!input.includes(":") && !NODE_MODULES.test(input))
          sources.add(resolve(projectRoot, input));
    }

    const modules = loadBundledModules(toLoad, outDir);
    for (const loaded of modules) {
      if (loaded.loadError !== undefined)
        violations.push({
          rule: "module-fails-to-load",
          file: loaded.module,
          message: `${loaded.module} fails to load: ${loaded.loadError.split("\n")[0]}`,
        });
      for (const fn of loaded.functions) {
        const name = `${loaded.module.replace(/\.[^/.]+$/, "")}:${fn.name}`;
        if (loaded.environment === "node" && (fn.kind === "query" || fn.kind === "mutation"))
          violations.push({
            rule: "query-or-mutation-in-node-file",
            file: loaded.module,
            message: `${name} (${fn.visibility ?? ""} ${fn.kind}) is defined in a "use node" file; queries and mutations run only in the default runtime`,
          });
        if (fn.argsError !== null)
          violations.push({
            rule: "deploy-refused",
            file: loaded.module,
            message: `${name}: its args validator cannot be exported (${fn.argsError})`,
          });
        else if (fn.visibility === "public" && fn.kind !== "httpAction" && acceptsAnything(fn.args))
          violations.push({
            rule: "public-function-without-args-validator",
            file: loaded.module,
            message: `${name} is a public ${fn.kind} without an args validator; anyone can call it with anything`,
          });
      }
    }

    violations.push(
      ...emailRenderingWithQueriesOrMutations(
        modules,
        metafiles,
        fromBuild,
        functionsDir,
        projectRoot,
      ),
    );
    for (const source of [...sources].sort())
      violations.push(
        ...callsToPublicFunctions(
          source,
          relative(functionsDir, source).split(sep).join(posix.sep),
        ),
      );

    return {
      violations,
      modules,
      sources: [...sources]
        .sort()
        .map((source) => relative(projectRoot, source).split(sep).join(posix.sep)),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** `args` left out, or `v.any()`, exports as `{"type":"any"}`. */
function acceptsAnything(args: unknown): boolean {
  return typeof args === "object" && args !== null && (args as { type?: unknown }).type === "any";
}

const LOADER = fileURLToPath(new URL("./convexDeployGuardLoad.mjs", import.meta.url));

function loadBundledModules(
  toLoad: { module: string; file: string; environment: "isolate" | "node" }[],
  workDir: string,
): LoadedModule[] {
  if (toLoad.length === 0) return [];
  const modulesPath = join(workDir, "modules.json");
  const resultPath = join(workDir, "result.json");
  writeFileSync(modulesPath, JSON.stringify(toLoad));
  const child = spawnSync(process.execPath, [LOADER, modulesPath, resultPath], {
    cwd: workDir,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (child.status !== 0)
    throw new Error(
      `Loading the bundled modules failed (${child.status ?? child.signal}):\n${child.stderr}`,
    );
  return JSON.parse(readFileSync(resultPath, "utf8")) as LoadedModule[];
}

/**
 * Every query or mutation module (default runtime) whose bundle, with the chunks it loads,
 * carries code of React Email's or React's server renderer after tree shaking.
 */
function emailRenderingWithQueriesOrMutations(
  modules: LoadedModule[],
  metafiles: { environment: "isolate" | "node"; metafile: Esbuild.Metafile }[],
  fromBuild: (buildPath: string) => string,
  functionsDir: string,
  projectRoot: string,
): Violation[] {
  const isolate = metafiles.find((entry) => entry.environment === "isolate")?.metafile;
  if (!isolate) return [];
  const violations: Violation[] = [];
  const outputOf = new Map<string, string>();
  for (const [outputPath, output] of Object.entries(isolate.outputs))
    if (output.entryPoint) outputOf.set(fromBuild(output.entryPoint), outputPath);

  for (const loaded of modules) {
    if (loaded.environment !== "isolate") continue;
    const defining = loaded.functions.filter((fn) => fn.kind === "query" || fn.kind === "mutation");
    if (defining.length === 0) continue;
    const start = outputOf.get(loaded.module);
    if (!start) continue;
    const seen = new Set([start]);
    const queue = [start];
    const renderers = new Set<string>();
    while (queue.length > 0) {
      const output = isolate.outputs[queue.shift()!];
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
        if (bytesInOutput > 0 && EMAIL_RENDERING.test(input)) renderers.add(input);
      // Chunks behind a dynamic import() load only when that code runs (Resend's optional
      // React rendering is one), so only static imports count as loaded with the module.
      for (const imported of output.imports)
        if (
          !imported.external &&
          imported.kind === "import-statement" &&
          !seen.has(imported.path)
        ) {
          seen.add(imported.path);
          queue.push(imported.path);
        }
    }
    if (renderers.size === 0) continue;
    const entryInput = relative(projectRoot, join(functionsDir, loaded.module))
      .split(sep)
      .join(posix.sep);
    const chain = importChain(isolate, entryInput, (input) => renderers.has(input));
    const names = defining.map((fn) => `${fn.name} (${fn.visibility ?? ""} ${fn.kind})`).join(", ");
    violations.push({
      rule: "email-rendering-with-query-or-mutation",
      file: loaded.module,
      message:
        `${loaded.module} defines ${names} and its bundle carries e-mail rendering` +
        (chain ? `, imported through ${chain.map(shortInput).join(" → ")}` : "") +
        `; render e-mails in an action, in a module without queries or mutations`,
    });
  }
  return violations;
}

const shortInput = (input: string) => input.replace(/^.*node_modules\//, "");

/** The shortest import path, in the source graph, from an entry to an input that matches. */
function importChain(
  metafile: Esbuild.Metafile,
  from: string,
  matches: (input: string) => boolean,
): string[] | null {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (matches(current)) {
      const chain: string[] = [];
      for (let at: string | null = current; at !== null; at = previous.get(at) ?? null)
        chain.unshift(at);
      return chain;
    }
    for (const imported of metafile.inputs[current]?.imports ?? [])
      if (imported.kind !== "dynamic-import" && !previous.has(imported.path)) {
        previous.set(imported.path, current);
        queue.push(imported.path);
      }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Calls to other functions: the target must be internal (or a component's), never `api.…`.

const TARGET_ARGUMENT: Record<string, number> = {
  runAfter: 1,
  runAt: 1,
  runQuery: 0,
  runMutation: 0,
  runAction: 0,
};
const GENERATED_API = /(^|\/)_generated\/api(\.js|\.ts)?$/;

type TargetKind = "internal" | "component" | "public" | { unknown: string };
/** A local name's import: `imported` is the exported name, or `*` for a namespace import. */
type ImportedName = { module: string; imported: string };

function callsToPublicFunctions(file: string, displayName: string): Violation[] {
  const text = readFileSync(file, "utf8");
  const sourceFile = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    scriptKind(file),
  );
  const imports = new Map<string, ImportedName>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const clause = statement.importClause;
    if (!clause) continue;
    const module = statement.moduleSpecifier.text;
    if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings))
      imports.set(clause.namedBindings.name.text, { module, imported: "*" });
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings))
      for (const element of clause.namedBindings.elements)
        imports.set(element.name.text, {
          module,
          imported: (element.propertyName ?? element.name).text,
        });
  }

  const violations: Violation[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const index = TARGET_ARGUMENT[method];
      const target = index === undefined ? undefined : node.arguments[index];
      if (target) {
        const kind = classifyTarget(target, imports, 0);
        const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
        const where = `${displayName}:${line + 1}`;
        const call = `${node.expression.getText(sourceFile)}(…${target.getText(sourceFile)}…)`;
        if (kind === "public")
          violations.push({
            rule: "call-targets-public-function",
            file: displayName,
            message: `${where}: ${call} targets a public function; call internal.… so a client cannot invoke the same code`,
          });
        else if (typeof kind === "object")
          violations.push({
            rule: "call-targets-public-function",
            file: displayName,
            message: `${where}: ${call}: cannot tell that the target is internal (${kind.unknown}); pass internal.… directly`,
          });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return violations;
}

function classifyTarget(
  expression: ts.Expression,
  imports: Map<string, ImportedName>,
  depth: number,
): TargetKind {
  let expr = expression;
  while (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isSatisfiesExpression(expr) ||
    ts.isNonNullExpression(expr)
  )
    expr = expr.expression;
  const path: string[] = [];
  while (ts.isPropertyAccessExpression(expr) || ts.isElementAccessExpression(expr)) {
    path.unshift(ts.isPropertyAccessExpression(expr) ? expr.name.text : "[…]");
    expr = expr.expression;
  }
  if (!ts.isIdentifier(expr)) return { unknown: `not a reference from _generated/api` };
  const root = expr.text;
  const imported = imports.get(root);
  if (imported && GENERATED_API.test(imported.module)) {
    const name = imported.imported === "*" ? path[0] : imported.imported;
    if (name === "internal") return "internal";
    if (name === "components") return "component";
    if (name === "api") return "public";
    return { unknown: `${root} from ${imported.module}` };
  }
  if (imported) return { unknown: `${root} from ${imported.module}` };

  // A local name: a constant holding a reference, or a parameter typed as one.
  for (let scope: ts.Node | undefined = expression.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope))
      for (const parameter of scope.parameters)
        if (ts.isIdentifier(parameter.name) && parameter.name.text === root) {
          const type = parameter.type?.getText() ?? "";
          if (/FunctionReference<[^>]*["']internal["']/.test(type)) return "internal";
          if (/FunctionReference<[^>]*["']public["']/.test(type)) return "public";
          return { unknown: `parameter ${root}${type ? `: ${type}` : ""}` };
        }
    const statements = ts.isBlock(scope) || ts.isSourceFile(scope) ? scope.statements : [];
    for (const statement of statements)
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name) && declaration.name.text === root)
            return declaration.initializer && depth < 3
              ? classifyTarget(declaration.initializer, imports, depth + 1)
              : { unknown: `variable ${root}` };
  }
  return { unknown: root };
}
