/** A guest's review confirmation mail and pages in each language, and the review calls' place among the limited anonymous writes. */
import { describe, expect, it } from 'vitest'
import { rateLimitGroup } from '../../server/http/security'
import { renderReviewConfirmPage, reviewConfirmMailContent, reviewConfirmUrl } from '../../server/mail/review-mail'

describe('review confirmation mail', () => {
  it('links to the confirmation page of the token, in the store view', () => {
    expect(reviewConfirmUrl('https://shop.example/', 'fr', 'a+b/c')).toBe('https://shop.example/api/review/confirm?storeCode=fr&token=a%2Bb%2Fc')
  })

  it.each([
    ['en', 'Confirm your review at Polder'],
    ['nl', 'Bevestig je review bij Polder'],
    ['fr', 'Confirmez votre avis sur Polder'],
  ] as const)('%s: subject, product, address and link', (store, subject) => {
    const link = reviewConfirmUrl('https://shop.example', store, 'tok')
    const mail = reviewConfirmMailContent({ store, email: 'guest@example.com', product: 'Rain jacket', link, days: 7 })
    expect(mail.subject).toBe(subject)
    expect(mail.text).toContain('Rain jacket')
    expect(mail.text).toContain('guest@example.com')
    expect(mail.text).toContain(link)
    expect(mail.html).toContain(`<a href="${link.replace(/&/g, '&amp;')}">`)
  })

  it('escapes the review’s words on the link’s page and posts the token', () => {
    const page = renderReviewConfirmPage('en', { title: '<img src=x onerror=alert(1)>', product: 'Tee & co' }, 'tok"en')
    expect(page).not.toContain('<img')
    expect(page).toContain('Tee &amp; co')
    expect(page).toContain('<form method="post" action="/api/review/confirm?storeCode=en">')
    expect(page).toContain('value="tok&quot;en"')
  })
})

describe('review calls are limited anonymous writes', () => {
  it('limits writing and confirming a review per client address, not the link’s page', () => {
    expect(rateLimitGroup('POST', '/api/review/create')).toBe('account')
    expect(rateLimitGroup('POST', '/api/review/confirm')).toBe('account')
    expect(rateLimitGroup('GET', '/api/review/confirm')).toBeNull()
  })
})
