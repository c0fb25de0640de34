import type { ReactNode } from 'react'
import { PanelsProvider, usePanel, type PanelControls } from './panels'

/**
 * The microcart panel's open/closed toggle (spec §4 "Microcart"), now one of the app's panels
 * (src/ui/panels.tsx): these names stay so existing callers keep working.
 */
export function MicrocartProvider({ children }: { children: ReactNode }) {
  return <PanelsProvider>{children}</PanelsProvider>
}

export function useMicrocart(): PanelControls {
  return usePanel('microcart')
}
