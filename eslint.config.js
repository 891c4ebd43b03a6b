// @ts-check
import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import { readdirSync } from "node:fs";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The app's feature areas (src/features/<area>): each stands alone. */
const FEATURES = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default defineConfig([
  globalIgnores([
    "dist",
    "node_modules",
    "**/_generated",
    ".local-backend",
    "test-results",
    "playwright-report",
    "coverage",
  ]),

  js.configs.recommended,

  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Every promise is awaited or explicitly voided.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },

  // Plain JS files (this config) are linted without type information.
  {
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },

  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },

  // sonner restyles the whole page when it loads, so it loads with the first toast.
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/lib/toast.ts", "src/app/AppToaster.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "sonner",
              allowTypeImports: true,
              message: 'Import `toast` from "@/lib/toast": it loads sonner with the first toast.',
            },
          ],
        },
      ],
    },
  },

  {
    files: ["local-backend/**", "scripts/**", "tests/**", "bench/**", "*.config.ts"],
    languageOptions: { globals: globals.node },
  },

  // The layers' boundaries, by resolved path (aliases and relative paths alike): a feature never
  // imports another feature (what two share lives in src/components, src/lib or shared/; the
  // app in src/app composes them); shared/ rules import nothing of the app or the server; the
  // server imports nothing of the app.
  {
    files: ["src/**/*.{ts,tsx}", "shared/**/*.ts", "convex/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.app.json", "convex/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: "./src/features",
              except: [`./${feature}`],
              message:
                "Features do not import each other: move what both need to src/lib, src/components or shared/, or compose them in src/app.",
            })),
            {
              target: "./shared",
              from: ["./src", "./convex"],
              message:
                "shared/ holds pure rules for both sides: it imports nothing of src/ or convex/.",
            },
            {
              target: "./convex",
              from: "./src",
              message: "The server imports nothing of the app.",
            },
          ],
        },
      ],
    },
  },

  // Scoped to **/convex/**/*.ts by the plugin itself.
  convexPlugin.configs.recommended,
]);
