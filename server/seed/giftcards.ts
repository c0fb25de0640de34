/**
 * Gift cards of the demo shop, one per state so every gift card path can be tried:
 * POLDER-GIFT-25 (€25), POLDER-GIFT-100 (€100), POLDER-GIFT-USED (spent: €0) and
 * POLDER-GIFT-EXPIRED (€50, ended on 31 December 2025). Seeding puts their balances back.
 */
import type { GiftCard } from '../../domain/giftcard.schema'
import type { Storage } from '../storage'

export const DEMO_GIFT_CARD_CODES = {
  small: 'POLDER-GIFT-25',
  large: 'POLDER-GIFT-100',
  used: 'POLDER-GIFT-USED',
  expired: 'POLDER-GIFT-EXPIRED',
} as const

export function demoGiftCards(): GiftCard[] {
  const card = (code: string, euros: number, expires_at: string | null = null): GiftCard => ({
    code,
    balance_cents: euros * 100,
    currency: 'EUR',
    expires_at,
    status: 'active',
  })
  return [
    card(DEMO_GIFT_CARD_CODES.small, 25),
    card(DEMO_GIFT_CARD_CODES.large, 100),
    card(DEMO_GIFT_CARD_CODES.used, 0),
    card(DEMO_GIFT_CARD_CODES.expired, 50, '2025-12-31T23:59:59.999Z'),
  ]
}

export async function seedDemoGiftCards(storage: Pick<Storage, 'giftcards'>, now = new Date()): Promise<void> {
  await storage.giftcards.upsert(demoGiftCards(), now.toISOString())
}
