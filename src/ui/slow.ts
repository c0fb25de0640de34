import { useEffect, useState } from 'react'

/** How long a wait is ordinary; past it the page says "Still loading…". */
export const SLOW_AFTER_MS = 3000

/** True once `waiting` has lasted SLOW_AFTER_MS; false again as soon as it stops. */
export function useSlow(waiting: boolean, afterMs = SLOW_AFTER_MS): boolean {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!waiting) {
      setSlow(false)
      return
    }
    const timer = setTimeout(() => setSlow(true), afterMs)
    return () => clearTimeout(timer)
  }, [waiting, afterMs])
  return waiting && slow
}
