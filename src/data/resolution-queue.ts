/**
 * One resolution at a time (spec §2 "navigation waits while another route is being resolved"):
 * each call starts when the one before it has settled (a failure does not block the queue).
 */
export function resolutionQueue<T>(resolve: (path: string) => Promise<T>): (path: string) => Promise<T> {
  let lock: Promise<unknown> = Promise.resolve()
  return (path) => {
    const next = lock.then(() => resolve(path))
    lock = next.catch(() => undefined)
    return next
  }
}
