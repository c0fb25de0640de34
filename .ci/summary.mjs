// Adds up what vitest and Playwright reported in the CI log and prints one plain closing line.
import { readFileSync } from 'node:fs'

// eslint-disable-next-line no-control-regex -- ANSI colour codes are what is being removed
const text = readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '')
let passed = 0
let failed = 0
let skipped = 0
for (const line of text.split('\n')) {
  const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/)
  if (vitest) {
    passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0)
    failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0)
    skipped += Number(vitest[1].match(/(\d+) skipped/)?.[1] ?? 0)
    continue
  }
  const pw = line.match(/^\s+(\d+) (passed|failed|skipped|flaky)( \(.*\))?\s*$/)
  if (pw) {
    const n = Number(pw[1])
    if (pw[2] === 'passed' || pw[2] === 'flaky') passed += n
    else if (pw[2] === 'failed') failed += n
    else skipped += n
  }
}
console.log(`ci: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
