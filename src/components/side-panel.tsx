/**
 * A side panel over the shared overlay (sidebar, wishlist): a labelled dialog that takes focus when
 * it opens, keeps Tab inside, and gives focus back to its opener when it closes. Escape and the
 * overlay close it through the panel state (src/ui/panels.tsx).
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { usePanel } from '../ui/panels'
import type { PanelName } from '../ui/panels-state'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

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
  const wasOpen = useRef(false)
  const { returnFocusTo } = props

  useEffect(() => {
    if (isOpen) {
      wasOpen.current = true
      closeRef.current?.focus()
    } else if (wasOpen.current) {
      wasOpen.current = false
      returnFocusTo?.current?.focus()
    }
  }, [isOpen, returnFocusTo])

  useEffect(() => {
    if (!isOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !panelRef.current) return
      const nodes = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
      const first = nodes[0]
      const last = nodes[nodes.length - 1]
      if (!first || !last) return
      if (!panelRef.current.contains(document.activeElement)) {
        event.preventDefault()
        first.focus()
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [isOpen])

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
