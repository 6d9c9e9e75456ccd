// Lint rules of the store: type-aware TypeScript, React hooks, accessibility of JSX.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      ".data/",
      "node_modules/",
      "public/",
      "playwright-report/",
      "test-results/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { disallowTypeAnnotations: false }],
      // Loaders and actions answer by throwing React Router's responses (`data`, `redirect`).
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // The rules of hooks; the plugin's React Compiler rules are left out, as the store does not
    // use the compiler.
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Links and forms come from app/ui/router.tsx, which leaves out React Router's data-discover
    // attribute (docs/decisions/0385).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/ui/router.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink", "Form", "useFetcher"],
              message: "Import it from ~/ui/router: no data-discover attribute (0385).",
            },
          ],
        },
      ],
    },
  },
  {
    // No module over 400 lines (docs/decisions/0490): a reader should hold one job at a time.
    // Physical lines, comments and blank lines too: what a reader scrolls through (0543).
    files: [
      "app/**/*.{ts,tsx}",
      "sandbox/**/*.ts",
      "bench/**/*.ts",
      "scripts/**/*.ts",
      "server/**/*.ts",
    ],
    ignores: [
      "**/*.test.{ts,tsx}",
      // Data tables, not code: the generator's category tree and product kinds, one entry a
      // few lines; splitting them would only scatter one table over files.
      "sandbox/catalogue/catalog-tree.ts",
      "sandbox/catalogue/kinds.ts",
    ],
    rules: {
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Tests read JSON bodies of many shapes and assert them field by field, and fake async
    // interfaces with plain values: the unsafe-any and require-await rules do not help there.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    files: ["eslint.config.js", ".dependency-cruiser.cjs", ".dependency-cruiser-parts.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
