/** The payment provider's return addresses (/success?order=N, /cancel?order=N): N is the shop's order number. */
export interface PaymentReturnSearch {
  order?: string
}

export const paymentReturnSearchSchema = {
  parse(input: unknown): PaymentReturnSearch {
    const order = input && typeof input === 'object' ? (input as Record<string, unknown>).order : undefined
    return typeof order === 'string' && /^[\w-]{1,100}$/.test(order.trim()) ? { order: order.trim() } : {}
  },
}
