import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../server/storage/migrations'

describe('schema migrations', () => {
  it('have one version each, run in version order', () => {
    const versions = MIGRATIONS.map((m) => m.version)
    expect(new Set(versions).size).toBe(versions.length)
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
    expect(versions[0]).toBe(1)
  })
})
