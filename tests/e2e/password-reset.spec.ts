/**
 * The password reset in a real Chromium against the built app and the real server (spec §2
 * create-password, §8 "Password has successfully been changed"), in /fr: a customer asks for a reset
 * from the login form, the mail lands in the server's outbox in French, its link opens the
 * create-password page; a too-short password is refused in French, the new one is set (logged in
 * with it); logged out, the old password is refused and the new one logs in; the link does not work
 * a second time, and the page offers to ask for a new one. Asked on the French store view's own host (fr.localhost), the link opens there.
 */
import { expect, test, type Page } from '@playwright/test'
import fr from '../../locales/fr'
import { mailMatching, mailsTo } from './fixtures/outbox'
import { signIn } from './fixtures/account'
import { Shop } from './fixtures/shop'

const OLD_PASSWORD = 'ancien-mot-de-passe-1'
const NEW_PASSWORD = 'nouveau-mot-de-passe-2'

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await signIn(page.getByTestId('login-form'), fr, email, password)
}

test('fr: reset the password through the link in the outbox mail; the old password and the spent link are refused', async ({ page, request, baseURL }) => {
  test.setTimeout(150_000)
  // a sub-address (the '+' many mail services offer): the link carries it encoded, the page decodes it
  const email = `camille+reset-${Date.now()}@example.be`
  const created = await request.post('/api/user/create?storeCode=fr', {
    data: { customer: { email, firstname: 'Camille', lastname: 'Lambert' }, password: OLD_PASSWORD },
  })
  expect(created.status()).toBe(200)

  // the forgot-password form, from the login form
  const shop = new Shop(page, '/fr')
  await shop.open('/my-account')
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 60_000 })
  await page.getByTestId('to-forgot').click()
  const forgot = page.getByTestId('forgot-form')
  await expect(forgot.getByRole('heading', { level: 2 })).toHaveText(fr.account.resetTitle)
  await forgot.getByLabel(fr.account.email, { exact: false }).fill(email)
  await forgot.getByRole('button', { name: fr.account.resetSubmit }).click()
  await expect(forgot.getByRole('status')).toHaveText(fr.messages.resetPasswordSent)

  // the mail, in French, with the link to the create-password page of /fr
  const mail = await mailMatching(email, /\/create-password\//)
  expect(mail.subject).toBe('Un nouveau mot de passe pour votre compte Polder')
  expect(mail.text).toContain('Bonjour Camille Lambert,')
  const link = /(https?:\/\/\S+\/fr\/create-password\/token\/[A-Za-z0-9_-]+\/email\/\S+)/.exec(mail.text)?.[1]
  expect(link, mail.text).toBeDefined()
  expect(new URL(link!).origin).toBe(new URL(baseURL!).origin)

  await page.goto(link!)
  const form = page.getByTestId('create-password-form')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.createPassword.title, { timeout: 60_000 })
  await expect(form).toContainText(fr.createPassword.intro.replace('{email}', email))
  const password = form.getByRole('textbox', { name: fr.createPassword.password, exact: true })
  const confirm = form.getByRole('textbox', { name: fr.createPassword.confirm, exact: true })

  // too short: refused with the spec's words in French, focus on the field; nothing was sent
  await password.fill('court')
  await confirm.fill('court')
  await form.getByRole('button', { name: fr.createPassword.submit }).click()
  await expect(form.getByText(fr.validation.passwordTooShort)).toBeVisible()
  await expect(password).toBeFocused()

  // the new password: set, and the shopper is logged in with it on the account page
  await password.fill(NEW_PASSWORD)
  await confirm.fill(NEW_PASSWORD)
  await form.getByRole('button', { name: fr.createPassword.submit }).click()
  await expect(page).toHaveURL(/\/fr\/my-account$/, { timeout: 30_000 })
  await expect(shop.notifications().filter({ hasText: fr.messages.passwordChanged })).toBeVisible()
  await expect(page.getByTestId('profile-firstname')).toHaveText('Camille', { timeout: 30_000 })

  // logged out: the old password is refused, in French; the new one logs in
  await page.getByTestId('logout').click()
  await expect(page.getByTestId('login-form')).toBeVisible()
  await logIn(page, email, OLD_PASSWORD)
  await expect(page.getByTestId('login-form').getByRole('alert')).toHaveText(fr.account.error_signInIncorrect)
  await logIn(page, email, NEW_PASSWORD)
  await expect(page.getByTestId('profile-firstname')).toHaveText('Camille', { timeout: 30_000 })

  // the link a second time: refused, and the new password still stands
  await page.getByTestId('logout').click()
  await expect(page.getByTestId('login-form')).toBeVisible()
  await page.goto(link!)
  const again = page.getByTestId('create-password-form')
  await again.getByRole('textbox', { name: fr.createPassword.password, exact: true }).fill('encore-un-autre-3')
  await again.getByRole('textbox', { name: fr.createPassword.confirm, exact: true }).fill('encore-un-autre-3')
  await again.getByRole('button', { name: fr.createPassword.submit }).click()
  await expect(again.getByRole('alert')).toHaveText(fr.account.error_resetTokenInvalid)
  await expect(page).toHaveURL(/\/create-password\//)
  // the page offers to ask for a new link, the address filled in: a second reset mail goes out
  await again.getByRole('button', { name: fr.createPassword.newLink }).click()
  const forgotAgain = page.getByTestId('forgot-form')
  await expect(forgotAgain.getByLabel(fr.account.email, { exact: false })).toHaveValue(email)
  await forgotAgain.getByRole('button', { name: fr.account.resetSubmit }).click()
  await expect(forgotAgain.getByRole('status')).toHaveText(fr.messages.resetPasswordSent)
  await expect.poll(() => mailsTo(email).filter((m) => /\/create-password\//.test(m.text)).length).toBe(2)
  expect((await request.post('/api/user/login', { data: { username: email, password: 'encore-un-autre-3' } })).status()).toBe(401)
  expect((await request.post('/api/user/login', { data: { username: email, password: NEW_PASSWORD } })).status()).toBe(200)
})

test('fr on its own host: the link of a reset asked there opens there, without a prefix', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000)
  const email = `lou+reset-${Date.now()}@example.be`
  const created = await request.post('/api/user/create?storeCode=fr', {
    data: { customer: { email, firstname: 'Lou', lastname: 'Dubois' }, password: OLD_PASSWORD },
  })
  expect(created.status()).toBe(200)
  // the French store view's host (fr.<host>, no prefix; Chromium takes *.localhost as this machine)
  const french = `http://fr.localhost:${new URL(baseURL!).port}`
  await page.goto(`${french}/my-account`)
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 60_000 })
  await page.getByTestId('to-forgot').click()
  const forgot = page.getByTestId('forgot-form')
  await forgot.getByLabel(fr.account.email, { exact: false }).fill(email)
  await forgot.getByRole('button', { name: fr.account.resetSubmit }).click()
  await expect(forgot.getByRole('status')).toHaveText(fr.messages.resetPasswordSent)

  const mail = await mailMatching(email, /\/create-password\//)
  const link = /(https?:\/\/\S+\/create-password\/token\/[A-Za-z0-9_-]+\/email\/\S+)/.exec(mail.text)?.[1]
  expect(link, mail.text).toBeDefined()
  expect(link!.startsWith(`${french}/create-password/token/`), link).toBe(true)

  await page.goto(link!)
  const form = page.getByTestId('create-password-form')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.createPassword.title, { timeout: 60_000 })
  await form.getByRole('textbox', { name: fr.createPassword.password, exact: true }).fill(NEW_PASSWORD)
  await form.getByRole('textbox', { name: fr.createPassword.confirm, exact: true }).fill(NEW_PASSWORD)
  await form.getByRole('button', { name: fr.createPassword.submit }).click()
  await expect(page).toHaveURL(`${french}/my-account`, { timeout: 30_000 })
  await expect(page.getByTestId('profile-firstname')).toHaveText('Lou', { timeout: 30_000 })
})
