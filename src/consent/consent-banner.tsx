/**
 * The cookie consent banner: necessary only, all, or a choice per category (analytics, marketing).
 * A labelled region fixed at the bottom of the window, not a modal: a shopper can read the page
 * before answering. It shows until the device has an answer (src/consent/consent-store.ts), and again
 * from the footer's Cookie settings, then with the current answer and the focus on its heading; on
 * an answer the focus goes back to where it was (the Cookie settings button, else the page's main).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { ALL_COOKIES, NECESSARY_ONLY, type ConsentChoice } from './consent-record'
import { closeConsentSettings, saveConsent, useConsent } from './consent-store'

export function ConsentBanner() {
  const { LL } = useI18nContext()
  const { record, settings } = useConsent()
  const open = record === null || settings !== null
  const [choosing, setChoosing] = useState(false)
  const [choice, setChoice] = useState<ConsentChoice>(record ?? NECESSARY_ONLY)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstToggleRef = useRef<HTMLInputElement>(null)
  const bannerRef = useRef<HTMLElement>(null)
  const titleId = useId()

  // reopened from Cookie settings: the current answer, its toggles shown, the focus on the heading
  useEffect(() => {
    if (!settings) return
    setChoice(record ?? NECESSARY_ONLY)
    setChoosing(true)
    headingRef.current?.focus()
    // only when the settings open, not when the answer changes under them
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings])

  if (!open) return null

  const answer = (chosen: ConsentChoice) => {
    const hadFocus = bannerRef.current?.contains(document.activeElement) ?? false
    const returnTo = settings?.returnFocusTo ?? document.getElementById('main')
    saveConsent(chosen)
    setChoosing(false)
    if (hadFocus) returnTo?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    // Escape closes the settings of an answer already given; a first visit's banner waits for one
    if (event.key !== 'Escape' || !settings) return
    event.preventDefault()
    const returnTo = settings.returnFocusTo
    closeConsentSettings()
    setChoosing(false)
    returnTo?.focus()
  }

  const toggle = (category: keyof ConsentChoice, label: string, hint: string, ref?: Ref<HTMLInputElement>) => (
    <label>
      <input ref={ref} type="checkbox" checked={choice[category]} onChange={(event) => setChoice({ ...choice, [category]: event.target.checked })} />
      {label} <span>{hint}</span>
    </label>
  )

  return (
    <section ref={bannerRef} className="consent-banner" aria-labelledby={titleId} data-testid="consent-banner" onKeyDown={onKeyDown}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {LL.consent.title()}
      </h2>
      <p>{LL.consent.intro()}</p>
      {choosing ? (
        <fieldset>
          <legend className="visually-hidden">{LL.consent.categories()}</legend>
          <label>
            <input type="checkbox" checked disabled />
            {LL.consent.necessary()} <span>{LL.consent.necessaryHint()}</span>
          </label>
          {toggle('analytics', LL.consent.analytics(), LL.consent.analyticsHint(), firstToggleRef)}
          {toggle('marketing', LL.consent.marketing(), LL.consent.marketingHint())}
        </fieldset>
      ) : null}
      <div className="consent-banner__actions">
        <button type="button" className="button button--secondary" onClick={() => answer(NECESSARY_ONLY)}>
          {LL.consent.necessaryOnly()}
        </button>
        {choosing ? (
          <button type="button" className="button button--secondary" onClick={() => answer(choice)}>
            {LL.consent.save()}
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={false}
            onClick={() => {
              setChoosing(true)
              // the toggles are in after this render
              requestAnimationFrame(() => firstToggleRef.current?.focus())
            }}
          >
            {LL.consent.choose()}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={() => answer(ALL_COOKIES)}>
          {LL.consent.acceptAll()}
        </button>
      </div>
    </section>
  )
}
