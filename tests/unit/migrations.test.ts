/** Migration versions are unique: migrate() skips a version already recorded, so a second one would never run. */
import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../server/storage/migrations'

describe('the migrations', () => {
  it('have unique versions, in increasing order', () => {
    const versions = MIGRATIONS.map((m) => m.version)
    expect(new Set(versions).size).toBe(versions.length)
    expect([...versions].sort((a, b) => a - b)).toEqual(versions)
  })
})
