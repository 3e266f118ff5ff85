// ESLint for the whole tree: rules that catch bugs, not taste (the layout is Prettier's). Which
// rules, which were left out and why: docs/decisions/028-lint-format-and-type-check.md.
// Not type-aware (no parserOptions.project): building the TypeScript program for the linter
// doubles its time, and `npm run typecheck` already runs the compiler.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    // Generated code and build output.
    ignores: ["node_modules/", "build/", "data/", ".react-router/", "app/paraglide/", "test-results/"],
  },
  {
    // A disable comment that no longer silences anything is an error: it would hide the next
    // real problem on that line.
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A component's `role` prop (role="stocker") is not an ARIA role.
      "jsx-a11y/aria-role": ["error", { ignoreNonDOM: true }],
      // Focus is moved on purpose: a dialog focuses its first field, a one-task page its field.
      "jsx-a11y/no-autofocus": "off",
      // A card-like label holds its text two spans down.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
      // A named region that scrolls is in the tab order so the keyboard can scroll it.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    // React's two classic hook rules, on the React code. Server modules and tests that render
    // nothing are left out: their `useTestDatabase()` and Playwright's `use()` are not hooks.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/**", "**/*.test.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `any` is a choice about types, not a bug; the type check is the place for types.
      "@typescript-eslint/no-explicit-any": "off",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unreachable-loop": "error",
      "no-constructor-return": "error",
      "array-callback-return": "error",
    },
  },
);
