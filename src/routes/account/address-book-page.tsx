/**
 * my-shipping-details (spec §2 /my-account/shipping-details; §4 "Address save, update, delete"): the
 * customer's address book, listed from the device (so it shows offline), with add, edit, delete and
 * the default shipping and billing flags. The BE/NL rules and texts are the checkout's
 * (domain/address through checkout-rules). A change made offline is queued by the worker and shown
 * as pending until the server has it. Logged out, the page sends the shopper to log in.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import { applyAccountCommand, useAccount } from '../../data/use-account'
import type { AddressBookEntry, AddressForm } from '../../data/worker-types'
import { useNotifications } from '../../ui/notifications'
import { useStoreView } from '../../ui/store-view'
import { AccountFrame } from './account-frame'
import { AddressFields, TextField, type Errors } from '../checkout/checkout-fields'
import { addressProblems } from '../checkout/checkout-rules'
import { checkTaxId } from '../../../domain/address'

const PREFIX = 'book'

function emptyAddress(country: AddressForm['country'], name: { firstname: string; lastname: string } | null): AddressForm {
  return {
    firstname: name?.firstname ?? '',
    lastname: name?.lastname ?? '',
    company: '',
    vatId: '',
    country,
    street: '',
    houseNumber: '',
    addition: '',
    postcode: '',
    city: '',
    telephone: '',
    defaultShipping: false,
    defaultBilling: false,
  }
}

/** The problems of the form by field id, in the order of the fields. */
function formProblems(form: AddressForm, LL: TranslationFunctions): Errors {
  const names = (['firstname', 'lastname'] as const).flatMap((field) => {
    const value = form[field].trim()
    if (value === '') return [[`${PREFIX}-${field}`, LL.validation.required()]]
    return [...value].length < 2 ? [[`${PREFIX}-${field}`, LL.validation.nameTooShort()]] : []
  })
  const address = addressProblems(PREFIX, { ...form, firstName: form.firstname, lastName: form.lastname, phone: form.telephone }, LL).map((p) => [
    p.id,
    p.message,
  ])
  const vat = checkTaxId(form.country, form.vatId)
  const vatText = vat.ok
    ? null
    : vat.problem.key === 'tooLong'
      ? LL.validation.tooLong(vat.problem.values ?? { max_characters: 33 })
      : LL.validation[vat.problem.key]()
  return Object.fromEntries([...names, ...address, ...(vatText ? [[`${PREFIX}-vatId`, vatText]] : [])]) as Errors
}

function AddressEditor({ entry, initial, onDone }: { entry: AddressBookEntry | null; initial: AddressForm; onDone: () => void }) {
  const { LL } = useI18nContext()
  const { notify } = useNotifications()
  const headingId = useId()
  const [form, setForm] = useState<AddressForm>(initial)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const patch = (change: Partial<AddressForm>) => {
    const next = { ...form, ...change }
    setForm(next)
    if (Object.values(errors).some(Boolean)) setErrors(formProblems(next, LL))
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found = formProblems(form, LL)
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#${first}`)?.focus()
      return
    }
    setBusy(true)
    try {
      const result = await applyAccountCommand({ type: 'saveAddress', ...(entry ? { key: entry.key } : {}), address: form })
      notify(result.notifications)
      if (result.ok) onDone()
    } finally {
      setBusy(false)
    }
  }
  const field = (name: 'firstname' | 'lastname' | 'company' | 'vatId', label: string, autoComplete: string, required = false) => (
    <TextField
      id={`${PREFIX}-${name}`}
      label={label}
      value={form[name]}
      onChange={(value) => patch({ [name]: value })}
      error={errors[`${PREFIX}-${name}`]}
      required={required}
      autoComplete={autoComplete}
    />
  )
  return (
    <section className="account-form address-editor" aria-labelledby={headingId} data-testid="address-form">
      <h2 id={headingId}>{entry ? LL.account.editAddress() : LL.account.addAddress()}</h2>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <div className="checkout-row">
          {field('firstname', LL.account.firstname(), 'given-name', true)}
          {field('lastname', LL.account.lastname(), 'family-name', true)}
        </div>
        <AddressFields
          prefix={PREFIX}
          address={{ ...form, firstName: form.firstname, lastName: form.lastname, phone: form.telephone }}
          errors={errors}
          onChange={({ phone, firstName: _f, lastName: _l, ...rest }) => patch({ ...rest, ...(phone !== undefined ? { telephone: phone } : {}) })}
        />
        {field('company', LL.checkout.company(), 'organization')}
        {field('vatId', LL.checkout.vatId(), 'off')}
        <label className="checkbox">
          <input type="checkbox" checked={form.defaultShipping} onChange={(e) => patch({ defaultShipping: e.target.checked })} />
          {LL.account.useAsDefaultShipping()}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={form.defaultBilling} onChange={(e) => patch({ defaultBilling: e.target.checked })} />
          {LL.account.useAsDefaultBilling()}
        </label>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? LL.account.saving() : LL.account.save()}
        </button>
        <button type="button" className="button button--secondary button--block" onClick={onDone}>
          {LL.account.cancel()}
        </button>
      </form>
    </section>
  )
}

/** `removing`: its delete is under way (the page runs it: the card is gone when the answer comes). */
function AddressCard({ entry, onEdit, onRemove, removing }: { entry: AddressBookEntry; onEdit: () => void; onRemove: () => void; removing: boolean }) {
  const { LL } = useI18nContext()
  const streetLine = [entry.street, entry.houseNumber, entry.addition].filter(Boolean).join(' ')
  return (
    <li className="address-card" data-testid="address-entry" data-pending={entry.pending ?? undefined}>
      <address>
        {entry.firstname} {entry.lastname}
        <br />
        {entry.company ? (
          <>
            {entry.company}
            <br />
          </>
        ) : null}
        {streetLine}
        <br />
        {entry.postcode} {entry.city}
        <br />
        {entry.country === 'BE' ? LL.checkout.countryBE() : LL.checkout.countryNL()}
        <br />
        {entry.telephone}
      </address>
      {entry.defaultShipping ? <p className="address-card__flag">{LL.account.defaultShipping()}</p> : null}
      {entry.defaultBilling ? <p className="address-card__flag">{LL.account.defaultBilling()}</p> : null}
      {entry.pending ? (
        <p role="status" className="muted" data-testid="address-pending">
          {entry.pending === 'delete' ? LL.account.addressPendingDelete() : LL.account.addressPending()}
        </p>
      ) : (
        <div className="address-card__actions">
          <button type="button" className="button button--secondary" onClick={onEdit} aria-label={LL.account.editAddressOf({ street: streetLine })}>
            {LL.account.edit()}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={onRemove}
            disabled={removing}
            aria-label={LL.account.deleteAddressOf({ street: streetLine })}
          >
            {removing ? LL.account.removing() : LL.account.deleteAddress()}
          </button>
        </div>
      )}
    </li>
  )
}

export function ShippingDetailsPage() {
  const { LL } = useI18nContext()
  const account = useAccount()
  const { storeView } = useStoreView()
  const [editing, setEditing] = useState<AddressBookEntry | 'new' | null>(null)
  const [removing, setRemoving] = useState<string | null>(null)
  const { notify } = useNotifications()
  const remove = async (key: string) => {
    setRemoving(key)
    try {
      notify((await applyAccountCommand({ type: 'deleteAddress', key })).notifications)
    } finally {
      setRemoving(null)
    }
  }
  const title = LL.account.shippingDetails()
  if (account && !account.loggedIn) {
    return (
      <AccountFrame title={title} route="my-shipping-details">
        <p role="status">
          {LL.account.loginForAddresses()} <Link to="/my-account">{LL.account.signIn()}</Link>
        </p>
      </AccountFrame>
    )
  }
  const country = storeView.i18n.defaultCountry
  return (
    <AccountFrame title={title} route="my-shipping-details">
      {editing ? (
        <AddressEditor
          key={editing === 'new' ? 'new' : editing.key}
          entry={editing === 'new' ? null : editing}
          initial={editing === 'new' ? emptyAddress(country, account?.customer ?? null) : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <>
          <h2>{LL.account.addressList()}</h2>
          {account && account.addresses.length === 0 ? <p data-testid="addresses-empty">{LL.account.addressesEmpty()}</p> : null}
          <ul className="address-list" data-testid="address-list">
            {(account?.addresses ?? []).map((entry) => (
              <AddressCard
                key={entry.key}
                entry={entry}
                onEdit={() => setEditing(entry)}
                onRemove={() => void remove(entry.key)}
                removing={removing === entry.key}
              />
            ))}
          </ul>
          <button type="button" className="button button--primary" onClick={() => setEditing('new')} data-testid="address-add">
            {LL.account.addAddress()}
          </button>
        </>
      )}
    </AccountFrame>
  )
}
