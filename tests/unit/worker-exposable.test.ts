import * as Comlink from 'comlink'
import { afterEach, describe, expect, it } from 'vitest'
import { exposable } from '../../workers/exposable'

interface Api {
  double(n: number): Promise<number>
  subscribe(cb: (value: string) => void): Promise<() => Promise<void>>
}

describe('exposable (the worker side of Comlink without a table of calls)', () => {
  const channels: MessageChannel[] = []
  afterEach(() => {
    for (const channel of channels) {
      channel.port1.close()
      channel.port2.close()
    }
  })

  function connect(api: Api): Comlink.Remote<Api> {
    const channel = new MessageChannel()
    channels.push(channel)
    Comlink.expose(exposable(api), channel.port1)
    return Comlink.wrap<Api>(channel.port2)
  }

  it('answers a call with plain data as it is', async () => {
    const remote = connect({ double: async (n) => n * 2, subscribe: async () => async () => {} })
    expect(await remote.double(21)).toBe(42)
  })

  it('sends a returned unsubscribe back as a proxy the caller can call', async () => {
    let listeners = 0
    const remote = connect({
      double: async (n) => n,
      subscribe: async (cb) => {
        listeners++
        cb('hello')
        return async () => {
          listeners--
        }
      },
    })
    const seen: string[] = []
    const unsubscribe = await remote.subscribe(Comlink.proxy((value: string) => void seen.push(value)))
    expect(listeners).toBe(1)
    await unsubscribe()
    expect(listeners).toBe(0)
    await expect.poll(() => seen).toEqual(['hello'])
  })

  it('calls a class instance with its own `this`', async () => {
    class Service implements Api {
      private factor = 3
      async double(n: number) {
        return n * this.factor
      }
      async subscribe() {
        return async () => {}
      }
    }
    expect(await connect(new Service()).double(2)).toBe(6)
  })
})
