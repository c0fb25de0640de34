import * as Comlink from 'comlink'

/**
 * The DataApi as Comlink sees it, without a table of its calls: each call goes to `api` as it is,
 * and a function it resolves to (every subscription's unsubscribe) goes back as a Comlink proxy,
 * since functions cannot be structured-cloned. A new call on the DataApi needs no edit here.
 */
export function exposable<T extends object>(api: T): T {
  return new Proxy(api, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name)
      if (typeof value !== 'function') return value
      return async (...args: unknown[]) => {
        const result: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args)
        return typeof result === 'function' ? Comlink.proxy(result) : result
      }
    },
  })
}
