/**
 * A side panel over the shared overlay (sidebar, wishlist): a labelled dialog that takes focus when
 * it opens, keeps Tab inside, and gives focus back to its opener when it closes (src/ui/dialog-focus);
 * Escape and the overlay close it through the panel state (src/ui/panels.tsx).
 */
import { useRef, type ReactNode, type RefObject } from 'react'
import { useDialogFocus } from '../ui/dialog-focus'
import { usePanel } from '../ui/panels'
import type { PanelName } from '../ui/panels-state'

export function SidePanel(props: {
  panel: PanelName
  title: string
  closeLabel: string
  side: 'left' | 'right'
  returnFocusTo?: RefObject<HTMLElement | null>
  testId: string
  children: ReactNode
}) {
  const { isOpen, close } = usePanel(props.panel)
  const panelRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  useDialogFocus({ isOpen, close, panelRef, closeRef, returnFocusTo: props.returnFocusTo })

  if (!isOpen) return null
  return (
    <div ref={panelRef} className={`side-panel side-panel--${props.side}`} role="dialog" aria-modal="true" aria-label={props.title} data-testid={props.testId}>
      <div className="side-panel__head">
        <h2>{props.title}</h2>
        <button ref={closeRef} type="button" className="icon-button" aria-label={props.closeLabel} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="side-panel__body">{props.children}</div>
    </div>
  )
}
