/**
 * The data worker's JS heap, read over the Chrome DevTools Protocol: a dedicated worker has no
 * `performance.memory`, and `performance.measureUserAgentSpecificMemory` needs cross-origin
 * isolation, which the shop does not have. Playwright's CDP session talks to the page; the worker
 * is reached through it as a child target (auto-attach without flattening, messages wrapped in
 * Target.sendMessageToTarget), where HeapProfiler.collectGarbage and Runtime.getHeapUsage run in the
 * worker's own isolate. The figure is the heap in use after a full collection: what the worker
 * keeps, not what it has not yet thrown away.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { CDPSession, Page } from 'playwright-core'

export class WorkerTargetNotFoundError extends Error {
  override name = 'WorkerTargetNotFoundError'
}

export interface HeapUsage {
  /** bytes of JS heap in use after a full garbage collection */
  usedBytes: number
  /** bytes the heap holds from the system */
  totalBytes: number
}

interface AttachedTarget {
  sessionId: string
  targetInfo: { type: string; url: string }
}

/** Reads the heap of the page's dedicated worker whose script URL contains `urlPart`. */
export async function workerHeapUsage(page: Page, urlPart: string): Promise<HeapUsage> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const attached: AttachedTarget[] = []
    cdp.on('Target.attachedToTarget', (event) => attached.push(event as AttachedTarget))
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false })
    const isDataWorker = (t: AttachedTarget) => t.targetInfo.type === 'worker' && t.targetInfo.url.includes(urlPart)
    // existing targets are announced while setAutoAttach runs; allow a little time all the same
    for (let i = 0; i < 20 && !attached.some(isDataWorker); i++) await sleep(100)
    const worker = attached.find(isDataWorker)
    if (!worker) throw new WorkerTargetNotFoundError(`no worker target with "${urlPart}" in its URL (saw ${attached.map((t) => t.targetInfo.url).join(', ')})`)
    await callInTarget(cdp, worker.sessionId, 1, 'HeapProfiler.collectGarbage')
    const usage = (await callInTarget(cdp, worker.sessionId, 2, 'Runtime.getHeapUsage')) as { usedSize: number; totalSize: number }
    return { usedBytes: usage.usedSize, totalBytes: usage.totalSize }
  } finally {
    await cdp.detach()
  }
}

/** One protocol call inside a child target of a non-flattened session. */
function callInTarget(cdp: CDPSession, sessionId: string, id: number, method: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== sessionId) return
      const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } }
      if (message.id !== id) return
      cdp.off('Target.receivedMessageFromTarget', onMessage)
      if (message.error) reject(new Error(`${method} in the worker: ${message.error.message}`))
      else resolve(message.result)
    }
    cdp.on('Target.receivedMessageFromTarget', onMessage)
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject)
  })
}
