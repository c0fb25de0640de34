/** The MultiSafepay adapter's pure parts and the order mail's words. */
import { describe, expect, it } from 'vitest'
import { gatewayOf, mspStatus } from '../../server/payments/multisafepay-provider'
import { PaymentProviderError, transactionIdOf } from '../../server/payments/provider'
import { orderMailContent } from '../../server/mail/order-mail'
import type { OrderLineRow, OrderRow } from '../../server/storage/order-repository'

describe('MultiSafepay statuses and gateways', () => {
  it.each([
    ['completed', 'paid'],
    ['shipped', 'paid'],
    ['initialized', 'pending'],
    ['uncleared', 'pending'],
    ['reserved', 'pending'],
    ['declined', 'failed'],
    ['cancelled', 'cancelled'],
    ['void', 'cancelled'],
    ['expired', 'expired'],
    ['refunded', 'refunded'],
    ['chargeback', 'refunded'],
    ['partial_refunded', 'cancelled'],
    ['something-new', 'pending'],
  ])('%s is %s', (theirs, ours) => {
    expect(mspStatus(theirs)).toBe(ours)
  })

  it('gives each of the eight methods its gateway code, and refuses others', () => {
    expect(['ideal', 'bancontact', 'kbc', 'belfius', 'creditcard', 'paypal', 'wallet', 'banktransfer'].map(gatewayOf)).toEqual([
      'IDEAL',
      'MISTERCASH',
      'KBC',
      'BELFIUS',
      'CREDITCARD',
      'PAYPAL',
      'APPLEPAY',
      'BANKTRANS',
    ])
    expect(() => gatewayOf('payatpickup')).toThrow(PaymentProviderError)
  })

  it('reads only transactionid from a notification', () => {
    expect(transactionIdOf({ transactionid: '200000001', timestamp: '1' })).toBe('200000001')
    expect(transactionIdOf({ transactionid: '' })).toBeNull()
    expect(transactionIdOf({ transactionid: ['a', 'b'] })).toBeNull()
    expect(transactionIdOf({})).toBeNull()
  })
})

describe('order confirmation mail', () => {
  const order: OrderRow = {
    id: 1,
    client_order_id: 'c1',
    request_hash: 'h',
    increment_id: '400000007',
    store_code: 'fr',
    cart_id: 'cart',
    customer_id: null,
    order_token: 'key',
    status: 'pending',
    email: 'luc@example.be',
    country_id: 'BE',
    shipping_carrier_code: 'flatrate',
    shipping_method_code: 'flatrate',
    payment_method_code: 'banktransfer',
    payment_method_additional: null,
    billing_address: { firstname: 'Luc', lastname: 'Dubois', street: ['Rue <Haute>', '5'], postcode: '5000', city: 'Namur', country_id: 'BE' },
    shipping_address: null,
    totals: { subtotal_incl_tax: 1234.5, shipping_incl_tax: 5.99, tax_amount: 215.3 },
    grand_total: 1240.49,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  }
  const line = { name: 'Pull en laine', qty: 2, row_total_incl_tax: 1234.5 } as OrderLineRow

  it('is in the store view language with its prices formatted per store view, and escapes the HTML', () => {
    const mail = orderMailContent(order, [line], false)
    expect(mail.subject).toBe('Votre commande 400000007 chez Polder')
    expect(mail.text).toContain('Numéro de commande\u202f: 400000007')
    expect(mail.text).toContain('2 × Pull en laine\u202f: 1\u202f234,50\u00a0€')
    expect(mail.text).toContain('Moyen de paiement\u202f: Virement bancaire')
    expect(mail.text).toContain('Rue <Haute> 5')
    expect(mail.html).toContain('Rue &lt;Haute&gt; 5')
    expect(mail.html).not.toContain('<Haute>')
  })
})
