/**
 * One helper object per opened store view, without a field in the DataService's context: keyed by
 * the context's API client (a new client per init), so a closed context's helpers are collected
 * with it.
 */
const registries = new WeakMap<object, WeakMap<object, unknown>>()

/** The `kind` helper of `api`, created by `create` on first use. */
export function onePerApiClient<T>(kind: object, api: object, create: () => T): T {
  let registry = registries.get(kind)
  if (!registry) {
    registry = new WeakMap()
    registries.set(kind, registry)
  }
  if (!registry.has(api)) registry.set(api, create())
  return registry.get(api) as T
}
