/**
 * Gift cards on the server cart (spec §7 "Gift card": the extension's activate and remove; §8 the
 * messages). Like coupons (replication/cart-code-call): applying or removing forces a totals sync,
 * the codes are kept in the cart state, and an unreachable server is said as such, never taken for
 * a refused card: a card's balance can only be checked online.
 */
import { GiftCardErrorResultSchema, type GiftCardErrorResult } from '../domain/api/giftcard.schema'
import type { Totals } from '../domain/cart.schema'
import { giftCardSharesOf } from '../domain/cart-totals'
import { normalizeGiftCardCode } from '../domain/giftcard.schema'
import type { ApiClient } from './api-client'
import { callOnServerCart, refreshTotals, type CartCodeDeps } from './cart-code-call'

export interface CartGiftCardDeps extends CartCodeDeps {
  api: Pick<ApiClient, 'applyGiftCard' | 'removeGiftCard' | 'cartTotals'>
}

/** Why the server refused a card; `refused` when it gave no reason of the extension's (a full cart, a bad request). */
export type GiftCardRefusal = GiftCardErrorResult['reason'] | 'refused'

export type GiftCardOutcome =
  | { kind: 'applied'; code: string }
  | { kind: 'removed'; code: string }
  /** the server does not take the card: its reason (the client translates it) and its own words */
  | { kind: 'invalid'; code: string; reason: GiftCardRefusal; text: string }
  /** no server cart yet, or the server cannot be reached now */
  | { kind: 'unreachable' }
  /** an empty code does nothing (spec §5) */
  | { kind: 'empty' }

function refusalReason(result: unknown): { reason: GiftCardRefusal; text: string } {
  const parsed = GiftCardErrorResultSchema.safeParse(result)
  if (parsed.success) return { reason: parsed.data.reason, text: parsed.data.errorMessage }
  return { reason: 'refused', text: typeof result === 'string' ? result : '' }
}

export async function applyGiftCard(deps: CartGiftCardDeps, rawCode: string): Promise<GiftCardOutcome> {
  const code = normalizeGiftCardCode(rawCode)
  if (code === '') return { kind: 'empty' }
  const call = await callOnServerCart(deps, (cartId) => deps.api.applyGiftCard(cartId, code))
  if (call.kind === 'refused') return { kind: 'invalid', code, ...refusalReason(call.error.result) }
  if (call.kind === 'unreachable') return call
  const { giftCards = [] } = await deps.store.getState()
  if (!giftCards.includes(code)) await deps.store.setState({ giftCards: [...giftCards, code] })
  await refreshTotals(deps, call.cartId)
  return { kind: 'applied', code }
}

export async function removeGiftCard(deps: CartGiftCardDeps, rawCode: string): Promise<GiftCardOutcome> {
  const code = normalizeGiftCardCode(rawCode)
  if (code === '') return { kind: 'empty' }
  const forget = async () => {
    const { giftCards = [] } = await deps.store.getState()
    await deps.store.setState({ giftCards: giftCards.filter((c) => c !== code) })
  }
  const { serverCartId } = await deps.store.getState()
  // no server cart: nothing applied there, forget the local code
  if (!serverCartId) return forget().then(() => ({ kind: 'removed', code }))
  const call = await callOnServerCart(deps, (cartId) => deps.api.removeGiftCard(cartId, code))
  if (call.kind === 'unreachable') return call
  // a cart the server no longer knows holds no card either; any other refusal is unexpected
  if (call.kind === 'refused' && call.error.code !== 404) throw call.error
  await forget()
  await refreshTotals(deps, serverCartId)
  return { kind: 'removed', code }
}

/** A card on the cart and what it pays of the totals now (cents; 0 when the total is covered already or no totals yet). */
export interface AppliedGiftCardView {
  code: string
  amount: number
}

/**
 * The cards the cart shows: the shopper's codes in order, with what the totals' gift card segment
 * says each pays; a card the segment names that the state lacks (applied from another device) too.
 */
export function appliedGiftCards(codes: readonly string[], totals: Pick<Totals, 'total_segments'> | null): AppliedGiftCardView[] {
  const shares = totals ? giftCardSharesOf(totals) : []
  const paid = new Map(shares.map((s) => [normalizeGiftCardCode(s.code), s.cents]))
  const all = [...codes, ...[...paid.keys()].filter((code) => !codes.includes(code))]
  return all.map((code) => ({ code, amount: paid.get(code) ?? 0 }))
}
