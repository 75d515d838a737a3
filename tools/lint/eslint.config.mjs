// The islands' type-aware lint, in scripts/test's quality gate (lint_islands in scripts/lib.sh), run from islands/:
//   ../tools/lint/node_modules/.bin/eslint --config ../tools/lint/eslint.config.mjs --max-warnings 0 src
// typescript-eslint's type-checked recommendations (floating promises, unsafe `any`, misused
// promises…) over islands/src — the vitest unit tests beside the code included — with the
// islands' own tsconfig (its `include` covers src), and the rules of hooks.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { fileURLToPath } from 'node:url';

const islands = fileURLToPath(new URL('../../islands/', import.meta.url));

export default tseslint.config(
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: islands },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
