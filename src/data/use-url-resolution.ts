/**
 * The URL dispatcher's question to the worker (spec §2 "Navigation behaviour"): what does this
 * unmatched path show? Resolutions run one at a time ("navigation waits while another route is
 * being resolved"), so a quick second navigation never overtakes the first one's answer.
 */
import { useEffect, useState } from 'react'
import type { UrlResolution } from '../../workers/contract/views'
import { getDataClient, ready } from './data-client'
import { resolutionQueue } from './resolution-queue'

const resolveInTurn = resolutionQueue(async (path) => {
  await ready
  return getDataClient().resolveUrl(path)
})

/**
 * undefined while resolving; a worker failure counts as no mapping (the not-found page). A new
 * `attempt` (the shopper's Retry after server trouble) asks again.
 */
export function useUrlResolution(path: string, attempt = 0): UrlResolution | undefined {
  const [answer, setAnswer] = useState<{ path: string; attempt: number; resolution: UrlResolution } | undefined>(undefined)
  useEffect(() => {
    let active = true
    resolveInTurn(path)
      .catch((error: unknown): UrlResolution => {
        console.error('[data] resolveUrl failed', error)
        return { kind: 'none' }
      })
      .then((resolution) => {
        if (active) setAnswer({ path, attempt, resolution })
      })
    return () => {
      active = false
    }
  }, [path, attempt])
  return answer?.path === path && answer.attempt === attempt ? answer.resolution : undefined
}
