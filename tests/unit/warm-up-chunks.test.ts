/**
 * What the offline warm-up fetches after a first page (src/app.tsx, src/components/lazy-panels.tsx
 * panelChunks): every part of a page or of the shell that loads later, so that a first visit that goes
 * offline can still show it. A loader left out of the list loads only online.
 */
import { describe, expect, it } from 'vitest'
import { loadProductLight, loadRelatedProducts, panelChunks } from '../../src/components/lazy-panels'
import { loadOfflineOrdersDialog } from '../../src/components/offline-orders'
import { loadSearchResultsPanel } from '../../src/components/search-panel'

describe('the offline warm-up', () => {
  it("fetches the shell's later parts and a product page's later parts", () => {
    expect(panelChunks).toEqual(expect.arrayContaining([loadSearchResultsPanel, loadOfflineOrdersDialog, loadRelatedProducts, loadProductLight]))
  })
})
