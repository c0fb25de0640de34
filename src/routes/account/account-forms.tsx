/**
 * The account's forms (spec §2 panels, §5 form texts): log in, register and forgot password, and the
 * profile's name and e-mail address. Each field has a visible label and its problem linked by aria-describedby; a
 * refused submit moves focus to the first field with a problem, and the worker's answer (a wrong
 * password, a taken address, offline) is read out from an alert above the submit button.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { confirmationProblem, emailProblem, newPasswordProblem, personNameProblem, requiredProblem, type AccountProblem } from '../../../domain/account-form'
import { applyAccountCommand } from '../../data/use-account'
import type { AccountCommand, AccountError } from '../../data/worker-types'
import { useNotifications } from '../../ui/notifications'
import { TextField } from '../checkout/checkout-fields'

export type AccountMode = 'login' | 'register' | 'forgot'

import { accountErrorText, problemText } from './account-words'

export { accountErrorText, problemText }

type Values = Record<string, string>
type Rules = Record<string, (values: Values) => AccountProblem | null>

/**
 * One account form: its fields' values and problems, the submit that checks them (focus on the first
 * problem) and sends the command, and the worker's refusal as an alert.
 */
export function useAccountForm(rules: Rules, initial: Values) {
  const { LL } = useI18nContext()
  const { notify } = useNotifications()
  const [values, setValues] = useState<Values>(initial)
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [failure, setFailure] = useState<string | null>(null)
  /** the worker's reason for the failure shown, for a form that offers a way on (a spent reset link) */
  const [failedWith, setFailedWith] = useState<AccountError | null>(null)
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const set = (name: string) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }))
    if (errors[name]) setErrors((e) => ({ ...e, [name]: problemText(LL, rules[name]!({ ...values, [name]: value })) }))
  }

  const submit = async (event: FormEvent, command: (values: Values) => AccountCommand, onDone?: () => void) => {
    event.preventDefault()
    if (busy) return
    const found = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, problemText(LL, rule(values))]))
    setErrors(found)
    const first = Object.keys(rules).find((name) => found[name])
    if (first) {
      // the fields' ids are `<form id>-<name>` (TextField names its input by its id)
      formRef.current?.querySelector<HTMLInputElement>(`input[id$="-${first}"]`)?.focus()
      return
    }
    setBusy(true)
    setFailure(null)
    setFailedWith(null)
    try {
      const result = await applyAccountCommand(command(values))
      notify(result.notifications)
      if (result.ok) onDone?.()
      else if (result.error) {
        setFailure(accountErrorText(LL, result.error))
        setFailedWith(result.error)
      }
    } catch (error) {
      console.error('[account] command failed', error)
      setFailure(accountErrorText(LL, 'serverError'))
    } finally {
      setBusy(false)
    }
  }
  /** a field's value, change handler and problem, for a TextField */
  const bind = (name: string) => ({ value: values[name] ?? '', onChange: set(name), error: errors[name] })

  return { values, errors, failure, failedWith, busy, set, bind, submit, formRef }
}

export function FormShell(props: {
  title: string
  formRef: React.RefObject<HTMLFormElement>
  onSubmit: (e: FormEvent) => void
  failure: string | null
  busy: boolean
  submitLabel: string
  testId: string
  intro?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  const { LL } = useI18nContext()
  const headingId = useId()
  return (
    <section className="account-form" aria-labelledby={headingId} data-testid={props.testId}>
      <h2 id={headingId}>{props.title}</h2>
      {props.intro}
      <form ref={props.formRef} onSubmit={props.onSubmit} noValidate aria-busy={props.busy}>
        {props.children}
        <p role="alert" className="account-form__failure">
          {props.failure}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={props.busy}>
          {props.busy ? LL.account.busy() : props.submitLabel}
        </button>
      </form>
      {props.footer}
    </section>
  )
}

function SwitchButton({ onClick, children, testId }: { onClick: () => void; children: ReactNode; testId: string }) {
  return (
    <button type="button" className="button button--link" onClick={onClick} data-testid={testId}>
      {children}
    </button>
  )
}

/** `alternatives`: other ways in, between the form and the links to the other forms (routes/social-login-buttons). */
export function LoginForm({ onMode, alternatives }: { onMode: (mode: AccountMode) => void; alternatives?: ReactNode }) {
  const { LL } = useI18nContext()
  const id = useId()
  const form = useAccountForm({ email: (v) => emailProblem(v.email!), password: (v) => requiredProblem(v.password!) }, { email: '', password: '' })
  return (
    <FormShell
      title={LL.account.signInTitle()}
      testId="login-form"
      formRef={form.formRef}
      onSubmit={(e) => void form.submit(e, (v) => ({ type: 'login', email: v.email!, password: v.password! }))}
      failure={form.failure}
      busy={form.busy}
      submitLabel={LL.account.signIn()}
      footer={
        <>
          {alternatives}
          <div className="account-form__switches">
            <SwitchButton onClick={() => onMode('forgot')} testId="to-forgot">
              {LL.account.forgotPassword()}
            </SwitchButton>
            <p>
              {LL.account.noAccount()}{' '}
              <SwitchButton onClick={() => onMode('register')} testId="to-register">
                {LL.account.register()}
              </SwitchButton>
            </p>
          </div>
        </>
      }
    >
      <TextField id={`${id}-email`} label={LL.account.email()} type="email" autoComplete="email" inputMode="email" required {...form.bind('email')} />
      <TextField id={`${id}-password`} label={LL.account.password()} type="password" autoComplete="current-password" required {...form.bind('password')} />
    </FormShell>
  )
}

export function RegisterForm({ onMode }: { onMode: (mode: AccountMode) => void }) {
  const { LL } = useI18nContext()
  const id = useId()
  const form = useAccountForm(
    {
      firstname: (v) => personNameProblem(v.firstname!),
      lastname: (v) => personNameProblem(v.lastname!),
      email: (v) => emailProblem(v.email!),
      password: (v) => newPasswordProblem(v.password!),
      confirm: (v) => confirmationProblem(v.password!, v.confirm!),
    },
    { firstname: '', lastname: '', email: '', password: '', confirm: '' },
  )
  return (
    <FormShell
      title={LL.account.registerTitle()}
      testId="register-form"
      formRef={form.formRef}
      onSubmit={(e) =>
        void form.submit(e, (v) => ({ type: 'register', firstname: v.firstname!, lastname: v.lastname!, email: v.email!, password: v.password! }))
      }
      failure={form.failure}
      busy={form.busy}
      submitLabel={LL.account.register()}
      footer={
        <p className="account-form__switches">
          {LL.account.haveAccount()}{' '}
          <SwitchButton onClick={() => onMode('login')} testId="to-login">
            {LL.account.signIn()}
          </SwitchButton>
        </p>
      }
    >
      <TextField id={`${id}-firstname`} label={LL.account.firstname()} autoComplete="given-name" required {...form.bind('firstname')} />
      <TextField id={`${id}-lastname`} label={LL.account.lastname()} autoComplete="family-name" required {...form.bind('lastname')} />
      <TextField id={`${id}-email`} label={LL.account.email()} type="email" autoComplete="email" inputMode="email" required {...form.bind('email')} />
      <TextField id={`${id}-password`} label={LL.account.password()} type="password" autoComplete="new-password" required {...form.bind('password')} />
      <TextField id={`${id}-confirm`} label={LL.account.confirmPassword()} type="password" autoComplete="new-password" required {...form.bind('confirm')} />
    </FormShell>
  )
}

/** `email`: the address to fill in (a spent reset link's, on the create-password page). */
export function ForgotPasswordForm({ onMode, email = '' }: { onMode: (mode: AccountMode) => void; email?: string }) {
  const { LL } = useI18nContext()
  const id = useId()
  const [sent, setSent] = useState(false)
  const form = useAccountForm({ email: (v) => emailProblem(v.email!) }, { email })
  return (
    <FormShell
      title={LL.account.resetTitle()}
      testId="forgot-form"
      intro={<p>{LL.account.resetText()}</p>}
      formRef={form.formRef}
      onSubmit={(e) =>
        void form.submit(
          e,
          (v) => ({ type: 'resetPassword', email: v.email! }),
          () => setSent(true),
        )
      }
      failure={form.failure}
      busy={form.busy}
      submitLabel={LL.account.resetSubmit()}
      footer={
        <div className="account-form__switches">
          {sent ? <p role="status">{LL.messages.resetPasswordSent()}</p> : null}
          <SwitchButton onClick={() => onMode('login')} testId="to-login">
            {LL.account.backToSignIn()}
          </SwitchButton>
        </div>
      }
    >
      <TextField id={`${id}-email`} label={LL.account.email()} type="email" autoComplete="email" inputMode="email" required {...form.bind('email')} />
    </FormShell>
  )
}

/**
 * The profile's name and e-mail address, saved through POST /api/user/me. A new address asks for the
 * current password (the server refuses it without): the field shows only once the address differs.
 */
export function ProfileForm({ firstname, lastname, email, onDone }: { firstname: string; lastname: string; email: string; onDone: () => void }) {
  const { LL } = useI18nContext()
  const id = useId()
  // the same mailbox in another case is no change (the server compares them the same way)
  const emailChanges = (v: Values) => v.email!.trim().toLowerCase() !== email.trim().toLowerCase()
  const form = useAccountForm(
    {
      firstname: (v) => personNameProblem(v.firstname!),
      lastname: (v) => personNameProblem(v.lastname!),
      email: (v) => emailProblem(v.email!),
      currentPassword: (v) => (emailChanges(v) ? requiredProblem(v.currentPassword!) : null),
    },
    { firstname, lastname, email, currentPassword: '' },
  )
  const askPassword = emailChanges(form.values)
  return (
    <FormShell
      title={LL.account.edit()}
      testId="profile-form"
      formRef={form.formRef}
      onSubmit={(e) =>
        void form.submit(
          e,
          (v) => ({
            type: 'updateProfile',
            firstname: v.firstname!,
            lastname: v.lastname!,
            email: v.email!,
            ...(emailChanges(v) ? { currentPassword: v.currentPassword! } : {}),
          }),
          onDone,
        )
      }
      failure={form.failure}
      busy={form.busy}
      submitLabel={LL.account.save()}
      footer={
        <button type="button" className="button button--secondary button--block" onClick={onDone}>
          {LL.account.cancel()}
        </button>
      }
    >
      <TextField id={`${id}-firstname`} label={LL.account.firstname()} autoComplete="given-name" required {...form.bind('firstname')} />
      <TextField id={`${id}-lastname`} label={LL.account.lastname()} autoComplete="family-name" required {...form.bind('lastname')} />
      <TextField id={`${id}-email`} label={LL.account.email()} type="email" autoComplete="email" inputMode="email" required {...form.bind('email')} />
      {askPassword ? (
        <>
          <p id={`${id}-password-hint`} className="muted" data-testid="profile-password-hint">
            {LL.account.emailChangeHint()}
          </p>
          <TextField
            id={`${id}-currentPassword`}
            label={LL.account.currentPassword()}
            type="password"
            autoComplete="current-password"
            required
            hintId={`${id}-password-hint`}
            {...form.bind('currentPassword')}
          />
        </>
      ) : null}
    </FormShell>
  )
}
