/** Form fields of the checkout: a visible label, the error linked with aria-describedby, aria-invalid. */
import type { ReactNode } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { checkPostcode } from '../../../domain/address'
import { COUNTRIES, type Country } from '../../../domain/store-views'
import type { AddressDetails } from '../../data/worker-types'

export type Errors = Record<string, string | undefined>

function describedBy(id: string, error: string | undefined, extra?: string): string | undefined {
  const ids = [error ? `${id}-error` : null, extra ?? null].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null
}

interface TextFieldProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  required?: boolean
  type?: 'text' | 'email' | 'tel' | 'password'
  autoComplete?: string
  inputMode?: 'text' | 'numeric' | 'tel' | 'email'
  onBlur?: () => void
  disabled?: boolean
  hintId?: string
}

export function TextField({ id, label, value, onChange, error, required, type = 'text', autoComplete, inputMode, onBlur, disabled, hintId }: TextFieldProps) {
  return (
    <div className="checkout-field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        required={required}
        disabled={disabled}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hintId)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={id} error={error} />
    </div>
  )
}

export function CountrySelect({ id, value, onChange }: { id: string; value: Country; onChange: (country: Country) => void }) {
  const { LL } = useI18nContext()
  return (
    <div className="checkout-field">
      <label htmlFor={id}>{LL.checkout.country()}</label>
      <select id={id} name={id} value={value} onChange={(e) => onChange(e.target.value as Country)} autoComplete="country">
        {COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {country === 'BE' ? LL.checkout.countryBE() : LL.checkout.countryNL()}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Country, street + house number + addition, postcode, city and phone; `prefix` names the fields (ship, bill). */
export function AddressFields({
  prefix,
  address,
  errors,
  onChange,
}: {
  prefix: string
  address: AddressDetails
  errors: Errors
  onChange: (patch: Partial<AddressDetails>) => void
}) {
  const { LL } = useI18nContext()
  const section = prefix === 'ship' ? 'shipping' : 'billing'
  const field = (name: keyof AddressDetails, label: string, extra: Partial<TextFieldProps> = {}): ReactNode => (
    <TextField
      id={`${prefix}-${name}`}
      label={label}
      value={String(address[name])}
      onChange={(value) => onChange({ [name]: value })}
      error={errors[`${prefix}-${name}`]}
      {...extra}
    />
  )
  return (
    <div className="checkout-address">
      <CountrySelect id={`${prefix}-country`} value={address.country} onChange={(country) => onChange({ country })} />
      <div className="checkout-row">
        {field('street', LL.checkout.street(), { required: true, autoComplete: `${section} address-line1` })}
        {field('houseNumber', LL.checkout.houseNumber(), { required: true, autoComplete: `${section} address-line2` })}
        {field('addition', LL.checkout.addition(), { autoComplete: `${section} address-line3` })}
      </div>
      <div className="checkout-row">
        {field('postcode', LL.checkout.postcode(), {
          required: true,
          autoComplete: `${section} postal-code`,
          // written as the post writes it once typed: "3511az" becomes "3511 AZ"
          onBlur: () => {
            const checked = checkPostcode(address.country, address.postcode)
            if (checked.ok && checked.value !== address.postcode) onChange({ postcode: checked.value })
          },
        })}
        {field('city', LL.checkout.city(), { required: true, autoComplete: `${section} address-level2` })}
      </div>
      {field('phone', LL.checkout.phone(), { required: true, type: 'tel', inputMode: 'tel', autoComplete: `${section} tel` })}
    </div>
  )
}
