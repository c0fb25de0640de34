/**
 * The layer table of ../shared/DESIGN.md, enforced: `npm run lint:boundaries`, part of
 * `npm test`. Each rule names the row it encodes; tests/unit/lint-rules.test.ts shows each one
 * failing on a deliberate breach.
 */
const OURS = '^(src|workers|replication|domain|server|locales|tests)/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles anywhere: a cycle makes load order and ownership unclear.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      comment: 'domain/ is the shared language of client and server: it imports nothing of ours outside domain/.',
      from: { path: '^domain/' },
      to: { path: OURS, pathNot: '^domain/' },
    },
    {
      name: 'replication-imports-domain-only',
      severity: 'error',
      comment: 'replication/ is plain TypeScript over an injected fetch: domain/ only, no React, no RxDB or Dexie.',
      from: { path: '^replication/' },
      to: { path: [OURS, '(^|/)node_modules/(react|react-dom|rxdb|dexie)/'], pathNot: '^(replication|domain)/' },
    },
    {
      name: 'workers-import-replication-and-domain',
      severity: 'error',
      comment: 'workers/ may import replication/ and domain/, never the UI or the server.',
      from: { path: '^workers/' },
      to: { path: '^(src|server|tests)/' },
    },
    {
      name: 'server-imports-domain-only',
      severity: 'error',
      comment:
        'server/ shares only domain/ with the client, and reads the dictionaries for page heads and mails through the generated, React-free typesafe-i18n utilities.',
      from: { path: '^server/' },
      to: { path: '^(src|workers|replication|locales|tests)/', pathNot: '^locales/((en|nl|fr)/index|i18n-util(\\.sync)?|i18n-types|formatters)\\.ts$' },
    },
    {
      name: 'react-only-in-the-ui',
      severity: 'error',
      comment: 'No React outside src/ (the generated i18n adapter locales/i18n-react.tsx aside).',
      from: { path: '^(domain|replication|workers|server)/' },
      to: { path: '(^|/)node_modules/(react|react-dom|@tanstack/react-router|@tanstack/react-virtual)/' },
    },
    {
      name: 'ui-reaches-the-worker-through-src-data',
      severity: 'error',
      comment: 'The UI reaches the worker only through src/data/.',
      from: { path: '^src/', pathNot: '^src/data/' },
      to: { path: '^(workers|replication)/' },
    },
    {
      name: 'worker-client-only-in-src-data',
      severity: 'error',
      comment: 'The worker client is src/data/: pages, components and UI state call its hooks and commands.',
      from: { path: '^src/', pathNot: '^src/data/' },
      to: { path: '^src/data/data-client\\.ts$' },
    },
    {
      name: 'src-data-takes-only-types-from-the-worker',
      severity: 'error',
      comment: 'src/data/ takes only types from workers/ (the worker itself runs in its own thread, started by URL).',
      from: { path: '^src/data/' },
      to: { path: '^(workers|replication)/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules are not followed, but stay visible as targets (react-only-in-the-ui needs them)
    exclude: { path: '(^|/)(dist|\\.tmp|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
