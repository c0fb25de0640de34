/** Which limit each anonymous write falls under: one table, so the route files stay thin. */
import { describe, expect, it } from 'vitest'
import { rateLimitGroup } from '../../server/http/security'

describe('rateLimitGroup', () => {
  it.each([
    ['POST', '/api/cart/create', 'cart-create'],
    ['GET', '/api/catalog/:index/:type/_search', 'catalog'],
    ['POST', '/api/catalog/:index/:type/_search', 'catalog'],
    ['POST', '/api/order', 'order'],
    ['POST', '/api/cart/update', 'cart-write'],
    ['POST', '/api/cart/delete', 'cart-write'],
    ['POST', '/api/ext/recommendations/log/:productId/:visitorKey', 'signal'],
    ['GET', '/api/ext/vat-check/check', 'vat-check'],
  ] as const)('%s %s: %s', (method, url, group) => {
    expect(rateLimitGroup(method, url)).toBe(group)
  })

  it('counts every code tried in one group: a coupon applied, a gift card checked or activated', () => {
    expect(rateLimitGroup('POST', '/api/cart/apply-coupon')).toBe('code')
    expect(rateLimitGroup('GET', '/api/ext/giftcard/check/:code')).toBe('code')
    expect(rateLimitGroup('POST', '/api/ext/giftcard/activate')).toBe('code')
    expect(rateLimitGroup('DELETE', '/api/ext/giftcard/check/:code')).toBeNull()
    expect(rateLimitGroup('GET', '/api/cart/apply-coupon')).toBeNull()
  })

  it('limits the calls that may reach the payment provider, never its notification', () => {
    expect(rateLimitGroup('POST', '/api/ext/payment/post-payment')).toBe('payment')
    expect(rateLimitGroup('POST', '/api/ext/payment/get-payment-status')).toBe('payment')
    expect(rateLimitGroup('POST', '/payment-sandbox/:id')).toBe('payment')
    expect(rateLimitGroup('GET', '/payment-sandbox/:id')).toBeNull()
    expect(rateLimitGroup('POST', '/api/ext/payment/notification')).toBeNull()
  })

  it('puts the anonymous account writes in one group', () => {
    expect(rateLimitGroup('POST', '/api/user/create')).toBe('account')
    expect(rateLimitGroup('POST', '/api/user/reset-password')).toBe('account')
    expect(rateLimitGroup('POST', '/api/ext/newsletter/subscribe')).toBe('account')
    expect(rateLimitGroup('DELETE', '/api/ext/newsletter/subscribe')).toBe('account')
    expect(rateLimitGroup('POST', '/api/ext/mailchimp-subscribe/subscribe')).toBe('account')
    expect(rateLimitGroup('DELETE', '/api/ext/mailchimp-subscribe/subscribe')).toBe('account')
    expect(rateLimitGroup('POST', '/api/ext/data-protection/export')).toBe('account')
    expect(rateLimitGroup('GET', '/api/ext/social-login/redirect/:provider')).toBe('account')
    expect(rateLimitGroup('POST', '/api/ext/social-login/login')).toBe('account')
    expect(rateLimitGroup('GET', '/api/user/create')).toBeNull()
    expect(rateLimitGroup('GET', '/api/ext/newsletter/subscribe')).toBeNull()
    expect(rateLimitGroup('GET', '/api/ext/mailchimp-subscribe/subscribe')).toBeNull()
    expect(rateLimitGroup('GET', '/api/ext/data-protection/export')).toBeNull()
  })

  it('leaves the cheap, cached reads alone', () => {
    expect(rateLimitGroup('GET', '/api/cart/pull')).toBeNull()
    expect(rateLimitGroup('GET', '/api/stock/check')).toBeNull()
    expect(rateLimitGroup('GET', '/api/cart/create')).toBeNull()
  })
})
