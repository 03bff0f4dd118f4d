/**
 * Lint: typescript-eslint with the type-aware rules that catch real faults in this code (a
 * promise nobody awaits, an async handler where a void one is expected, an assertion the types
 * already make, a switch that forgets a case), React's rules of hooks, and the project's own
 * rules that keep its shapes (docs/decisions/050-enforced-style.md). Formatting is Prettier's
 * (`.prettierrc.json`); `npm run lint` runs both and CI fails on any error.
 */
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** GMT+08:00 arithmetic written out, which belongs to @console/time (packages/time): in code and in tests alike. */
const OFFSET_ARITHMETIC = [
  { selector: "BinaryExpression[operator='*'][left.value=8][right.value=3600000]", message: 'GMT+08:00 arithmetic: use @console/time.' },
  { selector: "BinaryExpression[operator='*'][left.value=8][right.name=/^(HOUR|HOUR_MS)$/]", message: 'GMT+08:00 arithmetic: use @console/time.' },
  { selector: 'Literal[value=28800000]', message: 'GMT+08:00 arithmetic: use @console/time.' },
  {
    selector: "TemplateElement[value.raw=/interval '8 hours'/]",
    message: 'The console offset in SQL: use DAY_OFFSET (db/console-day.ts) or CONSOLE_SQL_OFFSET.',
  },
  { selector: "Literal[value=/interval '8 hours'/]", message: 'The console offset in SQL: use DAY_OFFSET (db/console-day.ts) or CONSOLE_SQL_OFFSET.' },
];
/** The console's offset in code: its arithmetic, and a day glued to `+08:00` by hand. */
const RAW_CONSOLE_OFFSET = [
  ...OFFSET_ARITHMETIC,
  {
    selector: 'TemplateElement[value.raw=/^T[0-9:.]*\\+08:00/]',
    message: 'A day glued to the offset: use dayStartIso, dayEndIso or wallIso of @console/time.',
  },
];

/** The word issue (or issues) followed by a number 1-99: the terms no-warning-comments looks for, each matched as a whole word, so that 1 does not match 10. */
const ISSUE_NUMBERS = Array.from({ length: 99 }, (_, i) => [`issue ${i + 1}`, `issues ${i + 1}`]).flat();

/**
 * A routes.ts declares operations; the queries they run live in the domain's other files. The rule
 * holds for every routes.ts under apps/server/src/domains, with no file exempt.
 */
const QUERY_IN_ROUTES = [
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
    message: 'A query in a routes.ts: put it in the domain file the operation calls.',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL in a routes.ts: put it in the domain file the operation calls.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist.*/**', '.tmp/**', '.ci-*'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs', 'apps/web/vite.config.ts', 'packages/games/scripts/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // promises: none forgotten, none handed where a void callback is expected (JSX handlers may be async)
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      // types say it already: no assertion the compiler does not need, no dead union members
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/restrict-plus-operands': 'error',
      eqeqeq: ['error', 'smart'],
      'no-var': 'error',
      'prefer-const': 'error',
      'no-debugger': 'error',
      'no-control-regex': 'error',
      'no-restricted-syntax': ['error', ...RAW_CONSOLE_OFFSET],
      // a reader without the issue tracker follows every reference: issue numbers belong in commits
      // and decision records, a comment names the decision, the doc or the spec's section
      'no-warning-comments': ['error', { terms: ISSUE_NUMBERS, location: 'anywhere' }],
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/server/src/domains/*/routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_CONSOLE_OFFSET, ...QUERY_IN_ROUTES] },
  },
  {
    // type-level computation whose unions are meant to collapse to never when the row types match the database
    files: ['apps/server/src/db/schema-check.ts'],
    rules: { '@typescript-eslint/no-redundant-type-constituents': 'off', '@typescript-eslint/no-duplicate-type-constituents': 'off' },
  },
  {
    // tests and their fixtures write instants and the API's day bounds out on purpose (the text an
    // answer must hold), but a day or an hour they compute comes from @console/time like the code's
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test-fixtures.ts', '**/fixtures.ts'],
    rules: { 'no-restricted-syntax': ['error', ...OFFSET_ARITHMETIC] },
  },
  {
    // the time module itself, the end-to-end suite (browser and API driven as a user would), and this file
    files: ['packages/time/src/**', 'e2e/**', 'eslint.config.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
