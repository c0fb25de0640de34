/**
 * `npm run import -- batch.json --url http://host:port [--key K]`: sends an import batch
 * (domain/api/catalog-import.schema, server/seed/FIXTURES.md "Import batches") to a running shop's
 * import extension and prints what it did per kind. The key comes from --key, else from the
 * environment's IMPORT_API_KEY. On failure it prints the server's message (or why the shop could
 * not be reached) and exits non-zero, so scripts and CI can rely on the exit code.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { IMPORT_ANSWER_KINDS, ImportResultSchema, type ImportResult } from '../../domain/api/catalog-import.schema'

const USAGE = 'usage: npm run import -- batch.json --url http://host:port [--key KEY] (or IMPORT_API_KEY in the environment)'

class ImportCliError extends Error {
  override name = 'ImportCliError'
}

interface ImportArgs {
  file: string
  url: string
  key: string
}

function parseImportArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ImportArgs {
  let parsed: { values: { url?: string; key?: string }; positionals: string[] }
  try {
    parsed = parseArgs({ args: [...argv], options: { url: { type: 'string' }, key: { type: 'string' } }, allowPositionals: true, strict: true })
  } catch (error) {
    throw new ImportCliError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  }
  const [file, ...extra] = parsed.positionals
  if (!file || extra.length > 0) throw new ImportCliError(`name one batch file\n${USAGE}`)
  const url = parsed.values.url
  if (!url || !/^https?:\/\/\S+$/.test(url)) throw new ImportCliError(`--url must be the shop's http(s) address\n${USAGE}`)
  const key = parsed.values.key ?? env.IMPORT_API_KEY ?? ''
  if (key.trim() === '') throw new ImportCliError(`no key: give --key or set IMPORT_API_KEY\n${USAGE}`)
  return { file, url: url.replace(/\/+$/, ''), key: key.trim() }
}

/** The server's words for a refusal: the envelope's result when it is a message, else the status. */
function refusalOf(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { result?: unknown }
    if (typeof body.result === 'string') return `${status}: ${body.result}`
  } catch {
    // not our envelope (a proxy's page): the status says enough
  }
  return `${status}: ${text.slice(0, 200)}`
}

async function sendBatch(args: ImportArgs): Promise<ImportResult> {
  let body: string
  try {
    body = readFileSync(args.file, 'utf8')
  } catch (error) {
    throw new ImportCliError(`${args.file}: cannot read the batch file (${error instanceof Error ? error.message : String(error)})`)
  }
  let res: Response
  try {
    res = await fetch(`${args.url}/api/ext/import/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${args.key}` },
      body,
    })
  } catch (error) {
    throw new ImportCliError(
      `${args.url}: the shop could not be reached (${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)})`,
    )
  }
  const text = await res.text()
  if (!res.ok) throw new ImportCliError(refusalOf(res.status, text))
  const parsed = ImportResultSchema.safeParse((JSON.parse(text) as { result?: unknown }).result)
  if (!parsed.success) throw new ImportCliError(`the shop's answer is not an import result: ${text.slice(0, 200)}`)
  return parsed.data
}

async function main(): Promise<void> {
  const args = parseImportArgs(process.argv.slice(2), process.env)
  const { counts } = await sendBatch(args)
  for (const kind of IMPORT_ANSWER_KINDS) {
    const c = counts[kind]
    console.log(`${kind}: ${c.upserted} upserted, ${c.unchanged} unchanged, ${c.deleted} deleted`)
  }
}

main().catch((error: unknown) => {
  console.error(`import failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
})
