/**
 * Step 1, personal details (spec §3 personalDetails): e-mail, names, and "create an account" with a
 * password. The password stays in the page (never stored on the device); the account is made once
 * the order is placed. Creating one needs the shop: offline, or when already logged in, it is not offered.
 */
import { useI18nContext } from '../../../locales/i18n-react'
import type { CheckoutPatch, PersonalDetails } from '../../data/worker-types'
import { TextField, type Errors } from './checkout-fields'

export interface AccountChoice {
  /** logged in already: nothing to create */
  loggedIn: boolean
  /** an account can be created now (online) */
  offered: boolean
  password: string
  setPassword: (password: string) => void
}

export function PersonalStep({
  person,
  errors,
  update,
  account,
}: {
  person: PersonalDetails
  errors: Errors
  update: (patch: CheckoutPatch) => void
  account: AccountChoice
}) {
  const { LL } = useI18nContext()
  const set = (patch: Partial<PersonalDetails>) => update({ personalDetails: patch })
  const wanted = account.offered && person.createAccount
  return (
    <section className="checkout-step" aria-labelledby="step-personal">
      <h2 id="step-personal">1. {LL.checkout.stepPersonal()}</h2>
      <TextField
        id="co-email"
        label={LL.checkout.email()}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={person.emailAddress}
        onChange={(emailAddress) => set({ emailAddress })}
        error={errors['co-email']}
      />
      <div className="checkout-row">
        <TextField
          id="co-firstName"
          label={LL.checkout.firstName()}
          autoComplete="given-name"
          required
          value={person.firstName}
          onChange={(firstName) => set({ firstName })}
          error={errors['co-firstName']}
        />
        <TextField
          id="co-lastName"
          label={LL.checkout.lastName()}
          autoComplete="family-name"
          required
          value={person.lastName}
          onChange={(lastName) => set({ lastName })}
          error={errors['co-lastName']}
        />
      </div>
      {account.loggedIn ? null : (
        <div className="checkout-field checkout-field--check">
          <input
            id="co-createAccount"
            type="checkbox"
            disabled={!account.offered}
            aria-describedby={account.offered ? undefined : 'co-createAccount-note'}
            checked={wanted}
            onChange={(e) => set({ createAccount: e.target.checked })}
          />
          <label htmlFor="co-createAccount">{LL.checkout.createAccount()}</label>
          {account.offered ? null : (
            <p id="co-createAccount-note" className="muted small">
              {LL.checkout.createAccountOffline()}
            </p>
          )}
        </div>
      )}
      {wanted && !account.loggedIn ? (
        <TextField
          id="co-password"
          label={LL.checkout.password()}
          type="password"
          autoComplete="new-password"
          required
          value={account.password}
          onChange={account.setPassword}
          error={errors['co-password']}
        />
      ) : null}
    </section>
  )
}
