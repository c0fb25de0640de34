/** Returns of a delivered order (workers/orders/returns-module). */
import { getDataClient, ready } from './data-client'
import type { ReturnCommand, ReturnCommandResult } from './worker-types'

export async function applyReturnCommand(command: ReturnCommand): Promise<ReturnCommandResult> {
  await ready
  return getDataClient().applyReturnCommand(command)
}
