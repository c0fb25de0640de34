/** The customer's newsletter and data protection calls (workers/account/privacy-module). */
import { getDataClient, ready } from './data-client'
import type { PrivacyCommand, PrivacyResult } from './worker-types'

export async function applyPrivacyCommand(command: PrivacyCommand): Promise<PrivacyResult> {
  await ready
  return getDataClient().applyPrivacyCommand(command)
}
