/**
 * The worker's network role tells server trouble from offline: a 5xx answer while online
 * is the server's trouble, cleared by its next answer below 500; a network failure is offline.
 */
import { describe, expect, it, vi } from 'vitest'
import { NetworkRole } from '../../workers/network-role'

describe('NetworkRole', () => {
  function role(answers: (() => Promise<Response>)[], probe: () => Promise<boolean> = async () => false) {
    const onServerTroubleChange = vi.fn()
    const network = new NetworkRole({
      fetch: () => (answers.shift() ?? (async () => new Response('{}')))(),
      probe,
      onChange: async () => undefined,
      onServerTroubleChange,
      setTimer: (run, ms) => {
        const id = setTimeout(run, ms)
        return () => clearTimeout(id)
      },
    })
    return { network, onServerTroubleChange }
  }

  it('a 5xx answer is server trouble while online, cleared by the next answer below 500', async () => {
    const { network, onServerTroubleChange } = role([
      async () => new Response('oops', { status: 500 }),
      async () => new Response('{}', { status: 503 }),
      async () => new Response('{}', { status: 404 }),
    ])
    await network.fetch('http://shop.test/api/catalog')
    expect(network.serverTrouble).toBe(true)
    expect(network.online).toBe(true)
    await network.fetch('http://shop.test/api/cart/pull')
    expect(onServerTroubleChange).toHaveBeenCalledTimes(1)
    await network.fetch('http://shop.test/api/cart/pull')
    expect(network.serverTrouble).toBe(false)
    expect(onServerTroubleChange).toHaveBeenCalledTimes(2)
    network.close()
  })

  it('offline is never server trouble: the browser says so, or a request fails on the network', async () => {
    const { network } = role([async () => new Response('oops', { status: 500 }), () => Promise.reject(new TypeError('Failed to fetch'))])
    await network.fetch('http://shop.test/api/catalog')
    expect(network.serverTrouble).toBe(true)
    await network.api.setOnline(false)
    expect(network.serverTrouble).toBe(false)
    await network.api.setOnline(true)
    await expect(network.fetch('http://shop.test/api/catalog')).rejects.toThrow(TypeError)
    expect(network.online).toBe(false)
    expect(network.serverTrouble).toBe(false)
    network.close()
  })

  it('the server heard from (the live stream opened) while unreachable: asked at once, not at the next probe', async () => {
    const probe = vi.fn(async () => true)
    const { network } = role(
      [
        async () => {
          throw new TypeError('Failed to fetch')
        },
      ],
      probe,
    )
    await network.fetch('http://shop.test/api/cart/pull').catch(() => undefined)
    expect(network.online).toBe(false)
    await network.serverHeard()
    expect(probe).toHaveBeenCalledTimes(1)
    expect(network.online).toBe(true)
    // reachable: nothing to ask
    await network.serverHeard()
    expect(probe).toHaveBeenCalledTimes(1)
    network.close()
  })
})
