/**
 * A product page's reviews: the average and the count of the approved reviews, the reviews newest
 * first (REVIEWS_PAGE at a time), and the form to write one. Its own chunk, loaded after the first
 * load with its words (a later part of the dictionary, 'reviews'): see related-products.tsx.
 *
 * The reviews come from the data worker, which keeps those of a visited product on the device; a
 * review written here goes into the worker's outbox and is sent once, online now or later. It shows
 * only once approved, so the form says what happens next: a guest confirms it from a mail, a
 * customer's waits for approval.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { isValidEmail } from '../../domain/email-address'
import { REVIEW_LIMITS, REVIEW_RATING_MAX } from '../../domain/review-limits'
import { SHOP_TIME_ZONE } from '../../domain/store-views'
import { useAccount } from '../data/use-account'
import { useSyncStatus } from '../data/hooks'
import { useProductReviews, writeReview } from '../data/use-product-reviews'
import type { ReviewField, ReviewView } from '../data/worker-types'
import { useStoreView } from '../ui/store-view'
import './product-reviews.css'

/** Reviews shown at first, and added by each "more". */
export const REVIEWS_PAGE = 5

const STARS = Array.from({ length: REVIEW_RATING_MAX }, (_, i) => i + 1)

/** Stars as a picture with its words (the glyphs say nothing to a screen reader). */
function Stars({ rating, label }: { rating: number; label: string }) {
  const full = Math.round(rating)
  return (
    <span className="review-stars" role="img" aria-label={label}>
      <span aria-hidden="true">{'★'.repeat(full) + '☆'.repeat(REVIEW_RATING_MAX - full)}</span>
    </span>
  )
}

function ReviewItem({ review, date }: { review: ReviewView; date: (iso: string) => string }) {
  const { LL } = useI18nContext()
  return (
    <article className="review" data-testid="review">
      {review.rating !== null ? <Stars rating={review.rating} label={LL.reviews.stars({ rating: review.rating })} /> : null}
      <h3 className="review__title">{review.title}</h3>
      <p className="muted small">{LL.reviews.byOn({ nickname: review.nickname, date: date(review.created_at) })}</p>
      <p className="review__detail">{review.detail}</p>
    </article>
  )
}

export function ProductReviews({ productId }: { productId: number }) {
  const { LL } = useI18nContext()
  const { storeView } = useStoreView()
  const online = useSyncStatus()?.online
  // asked again when the connection comes back: the reviews kept on the device may be old
  const view = useProductReviews(productId, online ? 1 : 0)
  const [shown, setShown] = useState(REVIEWS_PAGE)
  const titleId = useId()
  const list = useRef<HTMLOListElement>(null)
  const firstNew = useRef<number | null>(null)
  const locale = storeView.i18n.defaultLocale
  const number = useMemo(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), [locale])
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }), [locale])
  const date = (iso: string) => {
    const at = new Date(iso)
    return Number.isNaN(at.getTime()) ? '' : dates.format(at)
  }

  // "more": focus moves to the first review it added, so a keyboard or screen reader user reads on from there
  useEffect(() => {
    if (firstNew.current === null) return
    list.current?.querySelectorAll<HTMLElement>('li')[firstNew.current]?.focus()
    firstNew.current = null
  }, [shown])

  const reviews = view?.reviews ?? []
  return (
    <section className="product-reviews" aria-labelledby={titleId} data-testid="product-reviews">
      <h2 id={titleId} className="product-reviews__title">
        {LL.reviews.title()}
      </h2>
      {!view || view.state === 'loading' ? (
        <p className="muted" role="status">
          {LL.reviews.loading()}
        </p>
      ) : view.state === 'offline-unavailable' ? (
        <p className="muted">{LL.reviews.offline()}</p>
      ) : view.state === 'server-trouble' ? (
        <p className="muted">{LL.reviews.trouble()}</p>
      ) : view.count === 0 ? (
        <p className="muted" data-testid="reviews-none">
          {LL.reviews.none()}
        </p>
      ) : (
        <>
          <p className="product-reviews__summary" data-testid="reviews-summary">
            {view.average !== null ? (
              <>
                <Stars rating={view.average} label={LL.reviews.average({ average: number.format(view.average) })} />{' '}
                <span data-testid="reviews-average" aria-hidden="true">
                  {number.format(view.average)}
                </span>{' '}
              </>
            ) : null}
            <span data-testid="reviews-count">{LL.reviews.count({ count: view.count })}</span>
          </p>
          <ol className="product-reviews__list" aria-label={LL.reviews.list()} ref={list}>
            {reviews.slice(0, shown).map((review) => (
              <li key={review.id} tabIndex={-1}>
                <ReviewItem review={review} date={date} />
              </li>
            ))}
          </ol>
          {reviews.length > shown ? (
            <button
              type="button"
              className="button button--secondary"
              data-testid="reviews-more"
              onClick={() => {
                firstNew.current = shown
                setShown((n) => n + REVIEWS_PAGE)
              }}
            >
              {LL.reviews.more()}
            </button>
          ) : null}
        </>
      )}
      <ReviewForm productId={productId} online={online !== false} />
    </section>
  )
}

type Values = { rating: string; title: string; detail: string; nickname: string; email: string }
const EMPTY: Values = { rating: '', title: '', detail: '', nickname: '', email: '' }

/** The fields the shopper must still fill in (the worker checks them again against the review's rules). */
function problems(values: Values, guest: boolean): ReviewField[] {
  const found: ReviewField[] = []
  if (!values.rating) found.push('rating')
  if (!values.title.trim()) found.push('title')
  if (!values.detail.trim()) found.push('detail')
  if (!values.nickname.trim()) found.push('nickname')
  if (guest && !isValidEmail(values.email.trim())) found.push('email')
  return found
}

function ReviewForm({ productId, online }: { productId: number; online: boolean }) {
  const { LL } = useI18nContext()
  const account = useAccount()
  const guest = !account?.loggedIn
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>(EMPTY)
  const [invalid, setInvalid] = useState<ReviewField[]>([])
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string[] | null>(null)

  const errorText: Record<ReviewField, string> = {
    rating: LL.reviews.ratingMissing(),
    title: LL.reviews.titleMissing(),
    detail: LL.reviews.detailMissing(),
    nickname: LL.reviews.nicknameMissing(),
    email: LL.reviews.emailInvalid(),
  }
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (invalid.includes(field)) setInvalid((list) => list.filter((f) => f !== field))
  }
  const refuse = (fields: ReviewField[]) => {
    setInvalid(fields)
    setFailure(LL.reviews.fixErrors())
    const first = fields[0]
    form.current?.querySelector<HTMLElement>(first === 'rating' ? `input[name="${id}-rating"]` : `#${CSS.escape(`${id}-${first}`)}`)?.focus()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found = problems(values, guest)
    if (found.length > 0) return refuse(found)
    setBusy(true)
    setFailure(null)
    try {
      const result = await writeReview({
        productId,
        rating: Number(values.rating),
        title: values.title,
        detail: values.detail,
        nickname: values.nickname,
        ...(guest ? { email: values.email.trim() } : {}),
      })
      if (result.ok) {
        const said = [result.author === 'guest' ? LL.reviews.thanksGuest({ email: values.email.trim() }) : LL.reviews.thanksCustomer()]
        if (result.queuedOffline || !online) said.push(LL.reviews.queuedOffline())
        setDone(said)
        setValues(EMPTY)
        setInvalid([])
      } else if (result.error === 'invalid') refuse(result.fields)
      else setFailure(LL.reviews.failed())
    } catch (error) {
      console.error('[reviews] the review was not written', error)
      setFailure(LL.reviews.failed())
    } finally {
      setBusy(false)
    }
  }

  const fieldProps = (field: Exclude<ReviewField, 'rating'>) => ({
    id: `${id}-${field}`,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    'aria-invalid': invalid.includes(field) || undefined,
    'aria-describedby':
      [invalid.includes(field) ? `${id}-${field}-error` : '', field === 'email' || field === 'nickname' ? `${id}-${field}-hint` : '']
        .filter(Boolean)
        .join(' ') || undefined,
    required: true,
  })
  const error = (field: ReviewField) =>
    invalid.includes(field) ? (
      <p className="form-error review-form__error" id={`${id}-${field}-error`}>
        {errorText[field]}
      </p>
    ) : null

  return (
    <form className="review-form" ref={form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-heading`} data-testid="review-form">
      <h3 id={`${id}-heading`}>{LL.reviews.write()}</h3>
      {/* what the worker said of the last review sent: read out once it is there */}
      <div role="status" data-testid="review-sent">
        {done?.map((text) => (
          <p key={text} className="notice">
            {text}
          </p>
        ))}
      </div>
      <fieldset
        className="review-form__stars"
        aria-invalid={invalid.includes('rating') || undefined}
        aria-describedby={invalid.includes('rating') ? `${id}-rating-error` : undefined}
      >
        <legend>{LL.reviews.ratingLegend()}</legend>
        {STARS.map((n) => (
          <label key={n} className="review-form__star">
            <input type="radio" name={`${id}-rating`} value={n} checked={values.rating === String(n)} onChange={() => set('rating')(String(n))} />
            {LL.reviews.star({ count: n })}
          </label>
        ))}
        {error('rating')}
      </fieldset>
      <div className="review-form__field">
        <label htmlFor={`${id}-title`}>{LL.reviews.titleLabel()}</label>
        <input type="text" maxLength={REVIEW_LIMITS.title} {...fieldProps('title')} />
        {error('title')}
      </div>
      <div className="review-form__field">
        <label htmlFor={`${id}-detail`}>{LL.reviews.detailLabel()}</label>
        <textarea rows={5} maxLength={REVIEW_LIMITS.detail} {...fieldProps('detail')} />
        {error('detail')}
      </div>
      <div className="review-form__field">
        <label htmlFor={`${id}-nickname`}>{LL.reviews.nicknameLabel()}</label>
        <input type="text" maxLength={REVIEW_LIMITS.nickname} autoComplete="nickname" {...fieldProps('nickname')} />
        <p className="muted small" id={`${id}-nickname-hint`}>
          {LL.reviews.nicknameHint()}
        </p>
        {error('nickname')}
      </div>
      {guest ? (
        <div className="review-form__field">
          <label htmlFor={`${id}-email`}>{LL.reviews.emailLabel()}</label>
          <input type="email" autoComplete="email" {...fieldProps('email')} />
          <p className="muted small" id={`${id}-email-hint`}>
            {LL.reviews.emailHint()}
          </p>
          {error('email')}
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="form-error" data-testid="review-failure">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy} data-testid="review-submit">
        {busy ? LL.reviews.sending() : LL.reviews.submit()}
      </button>
    </form>
  )
}
