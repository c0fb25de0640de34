/**
 * `npm run import` (server/seed/import-cli.ts) as a separate process against a real server: it
 * prints the answer's counts, and on a refusal exits non-zero with the server's message.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { json, useTestServer } from './helpers'

const KEY = 'cli-import-key-0123456789'
const server = useTestServer({ importApiKey: KEY, listen: true })
const dir = mkdtempSync(join(tmpdir(), 'polder-import-cli-'))

async function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(join('node_modules', '.bin', 'tsx'), ['server/seed/import-cli.ts', ...args], {
      env: { ...process.env, IMPORT_API_KEY: '', ...env },
      timeout: 60_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

function batchFile(name: string, batch: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, JSON.stringify(batch))
  return path
}

describe('npm run import', () => {
  it('sends the batch with the key from the environment and prints the counts', async () => {
    const file = batchFile('prices.json', { storeViews: { en: { prices: [{ sku: 'SOCK-2', price: 6.5 }], delete: { cms_blocks: [424242] } } } })
    const run = await runCli([file, '--url', server.baseUrl], { IMPORT_API_KEY: KEY })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('prices: 1 upserted, 0 unchanged, 0 deleted')
    expect(run.stdout).toContain('cms_blocks: 0 upserted, 1 unchanged, 0 deleted')
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/catalog/polder_en/product/_search',
      payload: { _appliedFilters: [{ attribute: 'sku', value: { eq: 'SOCK-2' }, scope: 'default' }] },
    })
    expect(json<{ hits: { hits: { _source: { price: number } }[] } }>(res).hits.hits[0]!._source.price).toBe(6.5)
  })

  it('a refused batch: exit code 1 and the server message; a wrong --key: the 401', async () => {
    const file = batchFile('bad.json', { storeViews: { en: { stock: [{ sku: 'NOPE', qty: 1 }] } } })
    const refused = await runCli([file, '--url', server.baseUrl, '--key', KEY])
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe('import failed: 400: storeViews.en.stock[0] (sku "NOPE"): sku: no product or configurable child with this sku')
    const wrongKey = await runCli([file, '--url', server.baseUrl, '--key', 'not-the-key-at-all'])
    expect(wrongKey.code).toBe(1)
    expect(wrongKey.stderr.trim()).toBe('import failed: 401: The API key is not valid')
  })
})
