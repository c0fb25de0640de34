/** Chooses the payment provider's adapter from the configuration (PAYMENT_PROVIDER). */
import type { PaymentConfig } from '../config'
import type { Storage } from '../storage'
import { createMultiSafepayProvider } from './multisafepay-provider'
import type { PaymentProvider } from './provider'
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider'

export function createPaymentProvider(
  config: PaymentConfig,
  storage: Storage,
  fetchImpl: typeof fetch = fetch,
): { provider: PaymentProvider; sandbox?: SandboxProvider } {
  if (config.provider === 'multisafepay') {
    return { provider: createMultiSafepayProvider({ apiKey: config.apiKey, baseUrl: config.baseUrl, timeoutMs: config.timeoutMs, fetch: fetchImpl }) }
  }
  const sandbox = createSandboxProvider(storage.sandboxPayments)
  return { provider: sandbox.provider, sandbox }
}
