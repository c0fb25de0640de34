import { useEffect } from 'react'

/** Sets the tab title per page ("Page — Polder"). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} — Polder` : 'Polder'
  }, [title])
}
