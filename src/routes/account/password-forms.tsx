/**
 * The password forms (spec §2 create-password, §8 "Password has successfully been changed"): a new
 * password from the reset mail's link, and the logged-in customer's change of password. Both ask
 * for the new password twice, with the spec's form texts (domain/account-form).
 */
import { useId } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { confirmationProblem, newPasswordProblem, requiredProblem } from '../../../domain/account-form'
import { TextField } from '../checkout/checkout-fields'
import { FormShell, useAccountForm } from './account-forms'

/**
 * The reset mail's link: its token and e-mail address come from the path; done when the password is
 * set. A spent or expired link says so and offers to ask for a new one (`onNewLink`).
 */
export function CreatePasswordForm({ email, token, onDone, onNewLink }: { email: string; token: string; onDone: () => void; onNewLink: () => void }) {
  const { LL } = useI18nContext()
  const id = useId()
  const form = useAccountForm(
    { password: (v) => newPasswordProblem(v.password!), confirm: (v) => confirmationProblem(v.password!, v.confirm!) },
    { password: '', confirm: '' },
  )
  return (
    <FormShell
      title={LL.createPassword.title()}
      testId="create-password-form"
      intro={<p>{LL.createPassword.intro({ email })}</p>}
      formRef={form.formRef}
      onSubmit={(e) => void form.submit(e, (v) => ({ type: 'createPassword', email, token, password: v.password! }), onDone)}
      failure={form.failure}
      busy={form.busy}
      submitLabel={LL.createPassword.submit()}
      footer={
        form.failedWith === 'resetTokenInvalid' ? (
          <button type="button" className="button button--secondary button--block" onClick={onNewLink} data-testid="create-password-new-link">
            {LL.createPassword.newLink()}
          </button>
        ) : undefined
      }
    >
      <input type="email" name="email" value={email} readOnly autoComplete="username" hidden />
      <TextField id={`${id}-password`} label={LL.createPassword.password()} type="password" autoComplete="new-password" required {...form.bind('password')} />
      <TextField id={`${id}-confirm`} label={LL.createPassword.confirm()} type="password" autoComplete="new-password" required {...form.bind('confirm')} />
    </FormShell>
  )
}

/** The profile's change of password: the current one again, the new one twice. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { LL } = useI18nContext()
  const id = useId()
  const form = useAccountForm(
    {
      current: (v) => requiredProblem(v.current!),
      password: (v) => newPasswordProblem(v.password!),
      confirm: (v) => confirmationProblem(v.password!, v.confirm!),
    },
    { current: '', password: '', confirm: '' },
  )
  return (
    <FormShell
      title={LL.account.changePassword()}
      testId="change-password-form"
      formRef={form.formRef}
      onSubmit={(e) => void form.submit(e, (v) => ({ type: 'changePassword', currentPassword: v.current!, newPassword: v.password! }), onDone)}
      failure={form.failure}
      busy={form.busy}
      submitLabel={LL.account.save()}
      footer={
        <button type="button" className="button button--secondary button--block" onClick={onDone}>
          {LL.account.cancel()}
        </button>
      }
    >
      <TextField id={`${id}-current`} label={LL.account.currentPassword()} type="password" autoComplete="current-password" required {...form.bind('current')} />
      <TextField id={`${id}-password`} label={LL.account.newPassword()} type="password" autoComplete="new-password" required {...form.bind('password')} />
      <TextField id={`${id}-confirm`} label={LL.account.confirmNewPassword()} type="password" autoComplete="new-password" required {...form.bind('confirm')} />
    </FormShell>
  )
}
