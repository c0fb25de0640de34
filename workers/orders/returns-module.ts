/**
 * Returns of a delivered order (domain/api/return.schema): what may still be sent back, and the
 * return itself, through the gateway (a customer's token goes along as with every call). Nothing is
 * queued: the shopper needs the server's answer now (the return number, or why not), so offline is
 * answered 'offline'.
 */
import { RETURN_MESSAGES } from '../../domain/api/return.schema'
import { ApiError, NetworkError } from '../../replication/api-errors'
import type { DataApi } from '../data-api'
import type { ReturnCommand, ReturnCommandResult, ReturnError } from '../contract/returns'
import { PerStore, type OpenedStore, type WorkerModule } from '../worker-session'

export interface ReturnsModuleDeps {
  isOnline: () => boolean
  /** a guest order placed on this device: its key (the orders module keeps it) */
  orderTokenOf: (orderNumber: string) => Promise<string | undefined>
}

export class ReturnsModule implements WorkerModule {
  private readonly opened = new PerStore<OpenedStore>()

  constructor(private readonly deps: ReturnsModuleDeps) {}

  open(store: OpenedStore): void {
    this.opened.set(store)
  }

  close(): void {
    this.opened.set(null)
  }

  readonly api = {
    applyReturnCommand: (command: ReturnCommand): Promise<ReturnCommandResult> => this.run(command),
  } satisfies Partial<DataApi>

  private failed(error: ReturnError): ReturnCommandResult {
    return { ok: false, error }
  }

  private failure(error: unknown): ReturnCommandResult {
    if (error instanceof NetworkError) return this.failed('offline')
    if (!(error instanceof ApiError)) {
      console.error('[returns] call failed', error)
      return this.failed('serverError')
    }
    if (error.code === 401) return this.failed('notLoggedIn')
    if (error.code === 404) return this.failed('notFound')
    if (error.code === 429) return this.failed('tooManyAttempts')
    if (error.code === 409) return this.failed(error.result === RETURN_MESSAGES.periodOver ? 'periodOver' : 'notDelivered')
    if (error.code === 400) return this.failed('invalid')
    return this.failed('serverError')
  }

  private async run(command: ReturnCommand): Promise<ReturnCommandResult> {
    if (!this.deps.isOnline()) return this.failed('offline')
    const api = this.opened.get().api
    try {
      const orderToken = command.orderToken ?? (await this.deps.orderTokenOf(command.orderNumber))
      const order = { order_id: command.orderNumber, ...(orderToken ? { order_token: orderToken } : {}) }
      switch (command.type) {
        case 'returnable':
          return { ok: true, returnable: await api.returnable(order) }
        case 'send': {
          const created = await api.createReturn({ ...order, reason: command.reason, lines: command.lines })
          return { ok: true, returnNumber: created.return_number }
        }
      }
    } catch (error) {
      return this.failure(error)
    }
  }
}
