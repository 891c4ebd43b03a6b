// @ts-check
import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

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

  // Scoped to **/convex/**/*.ts by the plugin itself.
  convexPlugin.configs.recommended,
]);
