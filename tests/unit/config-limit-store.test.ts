/** REDIS_URL: where the request limits count. Unset or empty, each process counts on its own. */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'

describe('REDIS_URL', () => {
  it('is optional: unset or empty leaves the counts in the process', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined()
    expect(loadConfig({ REDIS_URL: '  ' }).redisUrl).toBeUndefined()
  })

  it('takes a redis:// or rediss:// URL and refuses anything else at start', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl).toBe('redis://127.0.0.1:6379/0')
    expect(loadConfig({ REDIS_URL: ' rediss://:secret@cache.example:6380 ' }).redisUrl).toBe('rediss://:secret@cache.example:6380')
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(ConfigError)
    expect(() => loadConfig({ REDIS_URL: 'http://cache.example' })).toThrow(/REDIS_URL: must start with redis:\/\/ or rediss:\/\//)
  })
})
