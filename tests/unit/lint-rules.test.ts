/**
 * The lint and the layer check catch what they are there to catch: each deliberate
 * breach in tests/fixtures/lint is reported by the real configurations, and the allowed case is not.
 */
import { execFileSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../..')
const FIXTURES = join(ROOT, 'tests/fixtures/lint')

describe('ESLint rules', () => {
  async function ruleIdsOf(file: string): Promise<string[]> {
    const eslint = new ESLint({ cwd: FIXTURES, overrideConfigFile: join(ROOT, 'eslint.config.js'), ignore: false })
    const [result] = await eslint.lintFiles([join(FIXTURES, file)])
    return result!.messages.map((m) => m.ruleId ?? m.message)
  }

  it.each([
    ['src/calls-fetch.ts', 'no-restricted-globals'],
    ['src/window-fetch.ts', 'no-restricted-properties'],
    ['src/opens-indexeddb.ts', 'no-restricted-globals'],
    ['src/imports-zod.ts', '@typescript-eslint/no-restricted-imports'],
  ])(
    '%s is refused by %s',
    async (file, rule) => {
      expect(await ruleIdsOf(file)).toContain(rule)
    },
    30_000,
  )

  it('lets the main thread take the schemas types (import type), not their code', async () => {
    expect(await ruleIdsOf('src/imports-zod-types.ts')).toEqual([])
    expect((await ruleIdsOf('src/imports-zod.ts')).filter((r) => r === '@typescript-eslint/no-restricted-imports')).toHaveLength(2)
  }, 30_000)

  it("refuses a collection's $ in the worker, and only that: eventBulks$ and a query's .$ pass", async () => {
    expect(await ruleIdsOf('workers/follows-collection-dollar.ts')).toEqual(['no-restricted-syntax'])
  }, 30_000)

  it('refuses a SessionDoc cast and a cast through unknown in the worker', async () => {
    expect(await ruleIdsOf('workers/casts-records.ts')).toEqual(['no-restricted-syntax', 'no-restricted-syntax'])
  }, 30_000)

  it('refuses a module used in worker-modules.ts before it is made', async () => {
    expect(await ruleIdsOf('workers/worker-modules.ts')).toEqual(['@typescript-eslint/no-use-before-define'])
  }, 30_000)

  it('refuses a source file over 400 lines and a function over complexity 25', async () => {
    expect((await ruleIdsOf('domain/too-long-and-complex.ts')).sort()).toEqual(['complexity', 'max-lines'])
  }, 30_000)

  it('lets replication/ use the network it owns', async () => {
    expect(await ruleIdsOf('replication/cycle-a.ts')).toEqual([])
  }, 30_000)
})

describe('the layer table (dependency-cruiser)', () => {
  function violations(): { rule: string; from: string; to: string }[] {
    let output: string
    try {
      output = execFileSync(
        join(ROOT, 'node_modules/.bin/depcruise'),
        ['src', 'workers', 'replication', 'domain', 'server', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
        { cwd: FIXTURES, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      )
    } catch (error) {
      // depcruise exits non-zero when it finds errors; the report is still on stdout
      output = (error as { stdout: string }).stdout
    }
    const report = JSON.parse(output) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } }
    return report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }))
  }

  const found = violations()
  const rulesFrom = (from: string) => found.filter((v) => v.from === from).map((v) => v.rule)

  it.each([
    ['src/imports-worker.ts', 'ui-reaches-the-worker-through-src-data'],
    ['src/imports-data-client.ts', 'worker-client-only-in-src-data'],
    ['src/data/imports-worker-value.ts', 'src-data-takes-only-types-from-the-worker'],
    ['workers/imports-ui.ts', 'workers-import-replication-and-domain'],
    ['domain/imports-server.ts', 'domain-imports-nothing-of-ours'],
    ['server/imports-replication.ts', 'server-imports-domain-only'],
    ['replication/imports-react.ts', 'react-only-in-the-ui'],
    ['replication/imports-react.ts', 'replication-imports-domain-only'],
    ['replication/cycle-a.ts', 'no-cycles'],
  ])('%s breaks %s', (from, rule) => {
    expect(rulesFrom(from)).toContain(rule)
  })

  it('allows src/data/ to take types from the worker', () => {
    expect(rulesFrom('src/data/imports-worker-type.ts')).toEqual([])
  })
})
