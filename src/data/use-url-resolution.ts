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

/** undefined while resolving; a worker failure counts as no mapping (the not-found page). */
export function useUrlResolution(path: string): UrlResolution | undefined {
  const [answer, setAnswer] = useState<{ path: string; resolution: UrlResolution } | undefined>(undefined)
  useEffect(() => {
    let active = true
    resolveInTurn(path)
      .catch((error: unknown): UrlResolution => {
        console.error('[data] resolveUrl failed', error)
        return { kind: 'none' }
      })
      .then((resolution) => {
        if (active) setAnswer({ path, resolution })
      })
    return () => {
      active = false
    }
  }, [path])
  return answer?.path === path ? answer.resolution : undefined
}
