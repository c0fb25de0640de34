/**
 * The newsletter popup: a modal dialog over the shared overlay (the panel state's newsletterPopup
 * turns it on), with the newsletter form (newsletter-form.tsx). Focus goes to its close button when
 * it opens and back where it was when it closes; Tab stays inside; Escape, the overlay and the close
 * button close it (src/ui/dialog-focus, src/ui/panels). Its own chunk, fetched when it opens
 * (newsletter-popup.tsx, in the footer's chunk). Fixed over the window, though in the footer's markup: a
 * portal out of it (react-dom's createPortal) would add its bytes to the first load's app chunk.
 */
import { useRef, type RefObject } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { useDialogFocus } from '../ui/dialog-focus'
import { usePanel } from '../ui/panels'
import { NewsletterForm } from './newsletter-form'
import './newsletter-popup.css'

export function NewsletterPopupDialog(props: { returnFocusTo: RefObject<HTMLElement | null>; onSubscribed: () => void }) {
  const { LL } = useI18nContext()
  const { isOpen, close } = usePanel('newsletterPopup')
  const panelRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  useDialogFocus({ isOpen, close, panelRef, closeRef, returnFocusTo: props.returnFocusTo })

  if (!isOpen) return null
  return (
    <div
      ref={panelRef}
      className="newsletter-popup"
      role="dialog"
      aria-modal="true"
      aria-labelledby="newsletter-popup-title"
      aria-describedby="newsletter-popup-text"
      data-testid="newsletter-popup"
    >
      <div className="newsletter-popup__head">
        <h2 id="newsletter-popup-title">{LL.footer.popupTitle()}</h2>
        <button ref={closeRef} type="button" className="icon-button" aria-label={LL.footer.popupClose()} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p id="newsletter-popup-text">{LL.footer.popupText()}</p>
      <NewsletterForm idPrefix="newsletter-popup" onSubscribed={props.onSubscribed} />
    </div>
  )
}
