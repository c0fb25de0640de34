/**
 * The outbox's task job: the queued writes other than the cart and the orders (profile, addresses,
 * newsletter, ...), each a stored request (replication/sync-queue) sent in creation order.
 */
import { TokenRefreshUnavailableError } from '../../replication/token-renewal'
import type { SyncQueue } from '../../replication/sync-queue'
import { DONE, WAITING, type JobOutcome, type OutboxJob } from './outbox'

export interface TaskJobDeps {
  queue: SyncQueue
  /** a task met no cart id: the cart sync makes the server cart, then the tasks go on (spec §8) */
  needsCart: () => void
}

export class TaskJob implements OutboxJob {
  readonly kind = 'tasks'

  constructor(private readonly deps: TaskJobDeps) {}

  async run(): Promise<JobOutcome> {
    const report = await this.deps.queue.process()
    switch (report.outcome) {
      case 'done':
        return DONE
      case 'stopped-retry-later':
        // a refresh that could not be asked is backed off by what kept it from the server
        return {
          kind: 'retry',
          error: report.error instanceof TokenRefreshUnavailableError ? report.error.cause : report.error,
          progressed: report.sent > 0,
        }
      case 'stopped-cart-id':
        this.deps.needsCart()
        return WAITING
      case 'stopped-bad-answer':
        console.warn('[outbox] a task got a broken answer; it is tried again at the next wake', report.error)
        return WAITING
      default:
        // offline, the network dropped, or a run already under way: the connection's return wakes it
        return WAITING
    }
  }
}
