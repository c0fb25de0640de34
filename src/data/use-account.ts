/** The customer's session as the pages see it (workers/account), and the one way to change it. */
import { useSubscription } from './use-subscription'
import { getDataClient, ready } from './data-client'
import type { AccountCommand, AccountResult, AccountView } from './worker-types'

/** undefined until the worker's first answer. */
export function useAccount(): AccountView | undefined {
  return useSubscription<AccountView>('account', (cb) => getDataClient().subscribeAccount(cb)).value
}

export async function applyAccountCommand(command: AccountCommand): Promise<AccountResult> {
  await ready
  return getDataClient().applyAccountCommand(command)
}
