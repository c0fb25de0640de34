/** Step 1, personal details (spec §3 personalDetails): e-mail, names; accounts come later. */
import { useI18nContext } from '../../../locales/i18n-react'
import type { CheckoutPatch, PersonalDetails } from '../../data/worker-types'
import { TextField, type Errors } from './checkout-fields'

export function PersonalStep({ person, errors, update }: { person: PersonalDetails; errors: Errors; update: (patch: CheckoutPatch) => void }) {
  const { LL } = useI18nContext()
  const set = (patch: Partial<PersonalDetails>) => update({ personalDetails: patch })
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
      <div className="checkout-field checkout-field--check">
        <input id="co-createAccount" type="checkbox" disabled aria-describedby="co-createAccount-note" checked={false} readOnly />
        <label htmlFor="co-createAccount">{LL.checkout.createAccount()}</label>
        <p id="co-createAccount-note" className="muted small">
          {LL.checkout.createAccountLater()}
        </p>
      </div>
    </section>
  )
}
