import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

/** The microcart panel's open/closed toggle (spec §4 "Microcart"). */
interface MicrocartState {
  isOpen: boolean
  open: () => void
  close: () => void
}

const MicrocartContext = createContext<MicrocartState | null>(null)

export function MicrocartProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false)
  // stable handlers: effects that close the panel must not re-run on every toggle
  const open = useCallback(() => setOpen(true), [])
  const close = useCallback(() => setOpen(false), [])
  const value = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close])
  return <MicrocartContext.Provider value={value}>{children}</MicrocartContext.Provider>
}

export function useMicrocart(): MicrocartState {
  const value = useContext(MicrocartContext)
  if (!value) throw new Error('useMicrocart outside MicrocartProvider')
  return value
}
