import { describe, expect, it } from 'vitest'
import { accountUrl, createPasswordUrl, emailChangedMailContent, passwordResetMailContent } from '../../server/mail/account-mail'

describe('the password reset mail', () => {
  it('links to the store view’s create-password route with the token and the address', () => {
    expect(createPasswordUrl('https://shop.example/', 'be', 'tok_-1', 'an+na@example.be')).toBe(
      'https://shop.example/be/create-password/token/tok_-1/email/an%2Bna%40example.be',
    )
  })

  it('keeps the French store view on its own host when asked there; every other store view on the main host', () => {
    expect(createPasswordUrl('https://fr.shop.example', 'fr', 't', 'a@b.be')).toBe('https://fr.shop.example/create-password/token/t/email/a%40b.be')
    expect(createPasswordUrl('http://fr.localhost:3210', 'nl', 't', 'a@b.be')).toBe('http://localhost:3210/nl/create-password/token/t/email/a%40b.be')
    expect(createPasswordUrl('https://shop.example', 'fr', 't', 'a@b.be')).toBe('https://shop.example/fr/create-password/token/t/email/a%40b.be')
    expect(accountUrl('https://fr.shop.example/', 'fr')).toBe('https://fr.shop.example/my-account')
    expect(accountUrl('https://fr.shop.example/', 'be')).toBe('https://shop.example/be/my-account')
  })

  it('is written in the store view’s language, link in text and HTML, the HTML escaped', () => {
    const link = 'https://shop.example/en/create-password/token/t/email/a%40b.nl'
    const subjects = (['en', 'nl', 'be', 'fr'] as const).map((store) => {
      const mail = passwordResetMailContent({ store, name: 'Jan <Peeters>', email: 'a@b.nl', link, hours: 2 })
      expect(mail.text).toContain(link)
      expect(mail.text).toContain('Jan <Peeters>')
      expect(mail.html).toContain('Jan &lt;Peeters&gt;')
      expect(mail.html).toContain(`<a href="${link}">`)
      return mail.subject
    })
    expect(subjects).toEqual([
      'A new password for your Polder account',
      'Een nieuw wachtwoord voor je Polder-account',
      'Een nieuw wachtwoord voor je Polder-account',
      'Un nouveau mot de passe pour votre compte Polder',
    ])
  })
})

describe('the notice to an account’s former e-mail address', () => {
  it('names both addresses in the store view’s language, escaped in the HTML, with no link to follow', () => {
    const subjects = (['en', 'nl', 'fr'] as const).map((store) => {
      const mail = emailChangedMailContent({ store, name: 'Jan <Peeters>', oldEmail: 'old@example.nl', newEmail: 'new+<x>@example.nl' })
      expect(mail.text).toContain('old@example.nl')
      expect(mail.text).toContain('new+<x>@example.nl')
      expect(mail.html).toContain('new+&lt;x&gt;@example.nl')
      expect(mail.html).not.toContain('<a ')
      return mail.subject
    })
    expect(subjects).toEqual([
      'The e-mail address of your Polder account was changed',
      'Het e-mailadres van je Polder-account is gewijzigd',
      'L’adresse e-mail de votre compte Polder a été modifiée',
    ])
  })
})
