/**
 * The button that opens a modal panel (spec §2 "Panels"): it says it opens a dialog and whether it is
 * open, opens its panel on click, and is where focus goes back when the panel closes (`ref` is the
 * panel's `returnFocusTo`). Spread `buttonProps` on the <button>; its class, label and test id are the
 * caller's own.
 */
import { useRef } from 'react'
import { usePanel } from '../ui/panels'
import type { PanelName } from '../ui/panels-state'

export function usePanelButton(name: PanelName) {
  const panel = usePanel(name)
  const ref = useRef<HTMLButtonElement>(null)
  const buttonProps = { ref, type: 'button', 'aria-haspopup': 'dialog', 'aria-expanded': panel.isOpen, onClick: panel.open } as const
  return { panel, ref, buttonProps }
}
