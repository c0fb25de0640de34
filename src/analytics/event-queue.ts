/**
 * The analytics events of a visit kept on the device until the tag manager can take them (offline,
 * or the container not loaded yet): a bounded list in localStorage, oldest dropped first. Plain
 * functions over the stored text; the caller takes the whole list out of storage before it pushes
 * it, so an event is pushed once even when two tabs come back online together.
 */
import type { EcommerceEvent } from './ecommerce-events'

export const EVENT_QUEUE_KEY = 'polder-analytics-queue'
/** a long offline visit keeps its latest events; the oldest matter least */
export const MAX_QUEUED_EVENTS = 100

export interface QueuedEvent {
  id: string
  event: EcommerceEvent
}

export function parseQueue(text: string | null): QueuedEvent[] {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value)) return []
    return value.filter(
      (entry): entry is QueuedEvent =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as QueuedEvent).id === 'string' &&
        typeof (entry as QueuedEvent).event?.event === 'string' &&
        typeof (entry as QueuedEvent).event?.ecommerce === 'object',
    )
  } catch {
    return []
  }
}

/** The queue with `entry` last, at most `max` long (the oldest dropped); an id already queued is not added again. */
export function enqueue(queue: readonly QueuedEvent[], entry: QueuedEvent, max = MAX_QUEUED_EVENTS): QueuedEvent[] {
  if (queue.some((queued) => queued.id === entry.id)) return [...queue]
  return [...queue, entry].slice(-max)
}

/** What to push, in order, and what stays: everything goes, and an id pushed already (`pushed`) is not pushed again. */
export function drain(queue: readonly QueuedEvent[], pushed: ReadonlySet<string>): { push: QueuedEvent[]; keep: QueuedEvent[] } {
  return { push: queue.filter((entry) => !pushed.has(entry.id)), keep: [] }
}
