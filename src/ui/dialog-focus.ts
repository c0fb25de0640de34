/**
 * Focus handling of a modal side panel (the microcart, the sidebar, the wishlist): focus moves to
 * its close button when it opens and back to the opener when it closes; Tab stays inside; Escape
 * closes it.
 */
import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function useDialogFocus(options: {
  isOpen: boolean
  close: () => void
  panelRef: RefObject<HTMLElement | null>
  closeRef: RefObject<HTMLElement | null>
  returnFocusTo?: RefObject<HTMLElement | null>
}): void {
  const { isOpen, close, panelRef, closeRef, returnFocusTo } = options
  const wasOpen = useRef(false)

  useEffect(() => {
    if (isOpen) {
      wasOpen.current = true
      closeRef.current?.focus()
    } else if (wasOpen.current) {
      wasOpen.current = false
      returnFocusTo?.current?.focus()
    }
  }, [isOpen, closeRef, returnFocusTo])

  useEffect(() => {
    if (!isOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        close()
      } else if (e.key === 'Tab' && panelRef.current) {
        const nodes = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
        const first = nodes[0]
        const last = nodes[nodes.length - 1]
        if (!first || !last) return
        if (!panelRef.current.contains(document.activeElement)) {
          e.preventDefault()
          first.focus()
        } else if (e.shiftKey && document.activeElement === first) {
          e.preventDefault()
          last.focus()
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault()
          first.focus()
        }
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [isOpen, close, panelRef])
}
