/**
 * The cookie answer of this device and whether its settings are open, shared by the banner and the
 * footer's Cookie settings button (both after the first load). Written to localStorage, read again
 * when another tab answers (the storage event). Storage that is blocked keeps the answer for this
 * page only: the banner asks again on the next one.
 */
import { useSyncExternalStore } from 'react'
import { CONSENT_KEY, consentRecord, parseConsent, type ConsentChoice, type ConsentRecord } from './consent-record'

interface ConsentState {
  record: ConsentRecord | null
  /** the shopper opened the settings again (Cookie settings); the element to give focus back to */
  settings: { returnFocusTo: HTMLElement | null } | null
}

const listeners = new Set<() => void>()
let state: ConsentState = { record: readStored(), settings: null }

function readStored(): ConsentRecord | null {
  try {
    return parseConsent(window.localStorage.getItem(CONSENT_KEY))
  } catch {
    return null
  }
}

function set(next: ConsentState): void {
  state = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_KEY) set({ ...state, record: readStored() })
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, () => state)
}

/** The answer now, for code outside React (the tag manager). */
export function currentConsent(): ConsentRecord | null {
  return state.record
}

/** Every change of the answer, for code outside React; returns the unsubscribe. */
export function onConsentChange(listener: (record: ConsentRecord | null) => void): () => void {
  let last = state.record
  return subscribe(() => {
    if (state.record === last) return
    last = state.record
    listener(state.record)
  })
}

export function saveConsent(choice: ConsentChoice): void {
  const record = consentRecord(choice, new Date())
  try {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify(record))
  } catch {
    // blocked storage: the answer holds for this page
  }
  set({ record, settings: null })
}

/** Cookie settings (the footer): the banner opens with the current answer, and gives focus back to `opener` when closed. */
export function openConsentSettings(opener: HTMLElement | null): void {
  set({ ...state, settings: { returnFocusTo: opener } })
}

export function closeConsentSettings(): void {
  set({ ...state, settings: null })
}
