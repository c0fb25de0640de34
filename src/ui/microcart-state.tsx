import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'

/** The microcart panel's open/closed toggle (spec §4 "Microcart"). */
interface MicrocartState {
  isOpen: boolean
  open: () => void
  close: () => void
}

const MicrocartContext = createContext<MicrocartState | null>(null)

export function MicrocartProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false)
  const value = useMemo(() => ({ isOpen, open: () => setOpen(true), close: () => setOpen(false) }), [isOpen])
  return <MicrocartContext.Provider value={value}>{children}</MicrocartContext.Provider>
}

export function useMicrocart(): MicrocartState {
  const value = useContext(MicrocartContext)
  if (!value) throw new Error('useMicrocart outside MicrocartProvider')
  return value
}
