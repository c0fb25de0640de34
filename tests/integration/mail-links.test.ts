/**
 * The links in the account mails never go to a host the requester made up: without PUBLIC_URL, a
 * reset asked with a forged Host header (password-reset poisoning) still mails a link to this
 * machine, never to the forged host; a developer's own hosts (localhost, fr.localhost) are kept;
 * with PUBLIC_URL the links go there whatever the Host header says. The welcome (also of an account
 * made by social login) and newsletter confirmation mails follow the same rule. PGlite by default,
 * PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestServer } from './helpers'
import { outboxFiles } from './payment-fixtures'

const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-links-'))
// no publicUrl: the shop as started without PUBLIC_URL
const server = useTestServer({ seed: false, mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox } })

let counter = 0
const newEmail = () => `links${++counter}-${Date.now()}@example.com`
const mailsTo = (email: string) => outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email))

function post(url: string, host: string, payload: Record<string, unknown>) {
  return server.app.inject({ method: 'POST', url, headers: { host, 'content-type': 'application/json' }, payload })
}

async function register(host = 'localhost:3000'): Promise<string> {
  const email = newEmail()
  const res = await post('/api/user/create?storeCode=fr', host, { customer: { email, firstname: 'Jan', lastname: 'Peeters' }, password: 'correct horse 1' })
  expect(res.statusCode, res.body).toBe(200)
  return email
}

/** Every link in the mails to `email` whose text matches `pattern`. */
function links(email: string, pattern: RegExp): string[] {
  return mailsTo(email)
    .filter((f) => pattern.test(f.mail.text))
    .flatMap((f) => [...f.mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]) as string[])
}

describe('links in the account mails without PUBLIC_URL', () => {
  it('a reset asked with a forged Host header: the link (and its token) still goes to this machine', async () => {
    const email = await register()
    const res = await post('/api/user/reset-password?storeCode=fr', 'evil.example', { email })
    expect(res.statusCode, res.body).toBe(200)
    const sent = links(email, /create-password/)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatch(/^http:\/\/localhost(:\d+)?\/fr\/create-password\/token\/[A-Za-z0-9_-]+\/email\//)
    expect(mailsTo(email).some((f) => f.mail.text.includes('evil.example') || f.mail.html.includes('evil.example'))).toBe(false)
  })

  it('forged with a port, an IP or a look-alike of localhost: never that host', async () => {
    for (const host of ['evil.example:3000', '203.0.113.7', 'localhost.evil.example', 'evil.example#localhost']) {
      const email = await register()
      expect((await post('/api/user/reset-password', host, { email })).statusCode).toBe(200)
      const sent = links(email, /create-password/)
      expect(sent, host).toHaveLength(1)
      expect(new URL(sent[0]!).hostname, host).toBe('localhost')
    }
  })

  it('a developer’s own hosts are kept: localhost with its port, 127.0.0.1, the French store view’s fr.localhost', async () => {
    for (const host of ['localhost:3210', '127.0.0.1:8080']) {
      const email = await register()
      expect((await post('/api/user/reset-password?storeCode=nl', host, { email })).statusCode).toBe(200)
      const sent = links(email, /create-password/)
      expect(sent, host).toHaveLength(1)
      expect(sent[0]!.startsWith(`http://${host}/nl/create-password/`), sent[0]).toBe(true)
    }
    // asked on the French host: the French page there, without a prefix
    const email = await register()
    expect((await post('/api/user/reset-password?storeCode=fr', 'fr.localhost:3210', { email })).statusCode).toBe(200)
    expect(links(email, /create-password/)[0]).toMatch(/^http:\/\/fr\.localhost:3210\/create-password\/token\//)
  })

  it('the welcome and newsletter confirmation mails follow the same rule', async () => {
    const email = await register('evil.example')
    const welcome = links(email, /my-account/)
    expect(welcome.length).toBeGreaterThan(0)
    for (const link of welcome) expect(new URL(link).hostname).toBe('localhost')
    const subscribed = await post('/api/ext/newsletter/subscribe?storeCode=nl', 'evil.example', { email })
    expect(subscribed.statusCode, subscribed.body).toBe(200)
    const confirm = links(email, /newsletter/)
    expect(confirm.length).toBeGreaterThan(0)
    for (const link of confirm) expect(new URL(link).hostname).toBe('localhost')
  })

  it('the welcome mail of an account made by social login: a forged Host on the login never reaches it', async () => {
    // the stand-in provider's round in-process: redirect (its flow cookie), the test user picked, the callback's code
    const redirect = await server.app.inject({ method: 'GET', url: '/api/ext/social-login/redirect/google?storeCode=nl&mode=login' })
    expect(redirect.statusCode, redirect.body).toBe(302)
    const cookie = String(redirect.headers['set-cookie']).split(';')[0]!
    const page = await server.app.inject({ method: 'GET', url: String(redirect.headers.location) })
    const href = /<a href="([^"]+)" data-user="google-noor">/.exec(page.body)?.[1]?.replaceAll('&amp;', '&')
    expect(href, page.body).toBeDefined()
    const callback = new URL(String((await server.app.inject({ method: 'GET', url: href! })).headers.location))
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/ext/social-login/login',
      headers: { host: 'evil.example', cookie, 'content-type': 'application/json' },
      payload: { type: 'google', storeCode: 'nl', code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    })
    expect(login.statusCode, login.body).toBe(200)
    const email = 'noor.jansen@example.com'
    const welcome = links(email, /my-account/)
    expect(welcome.length).toBeGreaterThan(0)
    for (const link of welcome) expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/nl\/my-account/)
    expect(mailsTo(email).some((f) => f.mail.text.includes('evil.example') || f.mail.html.includes('evil.example'))).toBe(false)
  })
})

describe('links in the account mails with PUBLIC_URL', () => {
  const configured = useTestServer({
    seed: false,
    publicUrl: 'https://shop.example',
    mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox },
  })

  it('go to PUBLIC_URL whatever the Host header says', async () => {
    const email = newEmail()
    const inject = (url: string, payload: Record<string, unknown>) =>
      configured.app.inject({ method: 'POST', url, headers: { host: 'evil.example', 'content-type': 'application/json' }, payload })
    expect(
      (await inject('/api/user/create?storeCode=be', { customer: { email, firstname: 'Jan', lastname: 'Peeters' }, password: 'correct horse 1' })).statusCode,
    ).toBe(200)
    expect((await inject('/api/user/reset-password', { email })).statusCode).toBe(200)
    const sent = links(email, /create-password/)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.startsWith('https://shop.example/be/create-password/')).toBe(true)

    // asked on the French store view's host: PUBLIC_URL's French sibling, the page without a prefix
    const french = newEmail()
    const onFrench = (url: string, payload: Record<string, unknown>) =>
      configured.app.inject({ method: 'POST', url, headers: { host: 'fr.shop.example', 'content-type': 'application/json' }, payload })
    await onFrench('/api/user/create?storeCode=fr', { customer: { email: french, firstname: 'Lou', lastname: 'Dubois' }, password: 'correct horse 1' })
    expect((await onFrench('/api/user/reset-password?storeCode=fr', { email: french })).statusCode).toBe(200)
    expect(links(french, /create-password/)[0]).toMatch(/^https:\/\/fr\.shop\.example\/create-password\/token\//)
  })
})
