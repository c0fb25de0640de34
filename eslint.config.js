/**
 * Lint: typescript-eslint's recommended rules, React's hook rules in the UI, type-only
 * imports written as such, and no network or storage globals outside the layers that own them
 * (../shared/DESIGN.md: the UI never calls fetch; replication/ and the worker's adapters do).
 * The import layers themselves are checked by dependency-cruiser (.dependency-cruiser.cjs).
 */
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Globals only replication/ and the worker's adapters may touch. */
const NETWORK_AND_STORAGE = [
  { name: 'fetch', message: "The network is replication/'s: ask the worker (src/data/) or use ApiClient." },
  { name: 'XMLHttpRequest', message: "The network is replication/'s." },
  { name: 'EventSource', message: "The network is replication/'s: the worker injects an EventSource factory." },
  { name: 'indexedDB', message: "The local database is the worker's (RxDB on Dexie)." },
]
const NETWORK_AND_STORAGE_PROPERTIES = ['window', 'self', 'globalThis'].flatMap((object) =>
  ['fetch', 'indexedDB', 'XMLHttpRequest', 'EventSource'].map((property) => ({
    object,
    property,
    message: "Network and storage belong to replication/ and the worker's adapters.",
  })),
)

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.tmp/**',
      'test-results/**',
      'data/**',
      'playwright-report/**',
      // generated
      'src/routeTree.gen.ts',
      'locales/i18n-*.ts',
      'locales/i18n-react.tsx',
      'locales/formatters.ts',
      // deliberate breaches, linted by tests/unit/lint-rules.test.ts only
      'tests/fixtures/lint/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-globals': ['error', ...NETWORK_AND_STORAGE],
      'no-restricted-properties': ['error', ...NETWORK_AND_STORAGE_PROPERTIES],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // the main thread ships without zod (issue 12): the worker and the server validate; the UI takes their types
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'No zod on the main thread: validate in the worker or the server.', allowTypeImports: true }],
          patterns: [
            {
              group: ['**/domain/api/*', '**/domain/*.schema'],
              message: 'Schemas (zod) stay off the main thread: import their types only (import type).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['workers/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // RxDB 17.6 keeps every event bulk it turned into collection.$ events in a Map it never empties:
        // following a collection's $ keeps every document ever written in the worker's heap
        {
          selector: "MemberExpression[property.name='$'][object.type='MemberExpression']",
          message: "Follow a collection's changes through eventBulks$, not $ (RxDB keeps every event given to $). A query's .$ is fine.",
        },
        // a record is read through its owner's reader (workers/db/session-records recordValue), not cast
        {
          selector:
            "TSAsExpression > TSTypeReference.typeAnnotation > Identifier[name='SessionDoc'], TSAsExpression > TSUnionType.typeAnnotation > TSTypeReference > Identifier[name='SessionDoc']",
          message: "Read a session record through recordValue and its owner's reader, not by casting to SessionDoc.",
        },
        {
          selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
          message: 'No `as unknown as` in the worker: type the document from its schema, or parse it at the boundary.',
        },
      ],
    },
  },
  {
    // the composition root makes each module after the ones it uses: no closure over a later one
    files: ['workers/worker-modules.ts'],
    rules: { '@typescript-eslint/no-use-before-define': ['error', { functions: false, classes: true, variables: true }] },
  },
  {
    // one concept a file, one decision a function
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts', 'replication/**/*.ts', 'domain/**/*.ts', 'server/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      complexity: ['error', 25],
    },
  },
  {
    // the layers that own the network and the local database
    files: ['replication/**', 'workers/data.worker.ts', 'workers/service-worker.ts', 'workers/db/**', 'server/**', 'tests/**', '*.config.{ts,js}'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
)
