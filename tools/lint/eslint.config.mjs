// The islands' type-aware lint (scripts/test runs it from islands/: `node ../tools/lint/run.mjs`).
// typescript-eslint's type-checked recommendations (floating promises, unsafe `any`, misused
// promises…) over the islands' own tsconfig, and the rules of hooks.
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
