// sim/web/eslint.config.mjs - ESLint (pinned in package-lock.json) over the project's
// JavaScript: the page's and ttt-sim-js's sources, build.mjs and the web tests. Run from
// the repository root by `make lint-js` (sim/web/web.mk). The recommended rules, and no
// function over 60 lines (tests included), the project's rule for every language.
import js from '@eslint/js';
import globals from 'globals';

export default [
  js.configs.recommended,
  {
    files: ['sim/web/**/*.js', 'sim/web/*.mjs', 'tests/web/**/*.mjs'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      'max-lines-per-function': ['error', { max: 60 }],
      'no-unused-vars': ['error', { caughtErrors: 'none' }],
      eqeqeq: ['error', 'always'],
      'prefer-const': 'error',
      'no-var': 'error',
    },
  },
  {
    ignores: ['sim/web/node_modules/**', 'build/**'],
  },
];
