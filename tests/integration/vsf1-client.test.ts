/**
 * A replay of Vue Storefront 1.12.3's shopping visit against the real server: every request is
 * built from VSF1's own code and default configuration (tests/fixtures/vsf1: its two catalogue
 * adapters over storefront-query-builder and bodybuilder, its field lists, its URL templates with
 * `{{token}}`/`{{cartId}}` and `storeCode=`, its cart items and order body), and every answer is
 * checked for what VSF1's code reads from it. The visit runs per store view with multistore on
 * (nl, fr, en: `storeCode=` on every API call) and once single-store (en, no store code), each with
 * both search adapters; the adapters must give the same products at every step.
 *
 * Left out on purpose: reviews (the `review` entity, review/create) and CMS (cms_page, cms_block,
 * cms_hierarchy, the cms-data extension).
 */
import { describe, expect, it } from 'vitest'
import { Vsf1Client } from '../fixtures/vsf1/client'
import { ADAPTERS, type Adapter, multistoreView, singleStoreView, type Vsf1StoreView } from '../fixtures/vsf1/config'
import { useTestServer } from './helpers'
import { catalogueSteps } from './vsf1-catalogue-steps'
import { checkoutSteps } from './vsf1-checkout-steps'
import { startVsf1Shop, type Visit } from './vsf1-shop'

const server = useTestServer(startVsf1Shop)

const VIEWS: { title: string; view: Vsf1StoreView; code: 'nl' | 'fr' | 'en' }[] = [
  { title: 'multistore, nl', view: multistoreView('nl'), code: 'nl' },
  { title: 'multistore, fr', view: multistoreView('fr'), code: 'fr' },
  { title: 'multistore, en', view: multistoreView('en'), code: 'en' },
  { title: 'single store, en', view: singleStoreView('en'), code: 'en' },
]

function newVisit(title: string, view: Vsf1StoreView, adapter: Adapter): Visit {
  const who = `${title.replace(/[^a-z]+/g, '-')}-${adapter}`
  return {
    client: new Vsf1Client(server.app, view, adapter),
    guest: new Vsf1Client(server.app, view, adapter),
    attributes: new Map(),
    knownCodes: new Set(),
    items: [],
    shippingMethods: [],
    paymentMethods: [],
    email: `vsf1.${who}@example.nl`,
    password: 'Replay-Visit-2026',
    productIds: new Map(),
  }
}

for (const { title, view, code } of VIEWS) {
  describe(`VSF1 1.12.3 visit, ${title}`, () => {
    const visits = new Map<Adapter, Visit>()
    for (const adapter of ADAPTERS) {
      describe(`${adapter} adapter`, () => {
        // made inside the tests: the server (and its app) exists only once they run
        const visitOf = () => {
          if (!visits.has(adapter)) visits.set(adapter, newVisit(title, view, adapter))
          return visits.get(adapter)!
        }
        catalogueSteps(visitOf, code)
        checkoutSteps(visitOf)
      })
    }

    it('both adapters give the same products, in the same order, at every step', () => {
      const [api, searchQuery] = ADAPTERS.map((adapter) => visits.get(adapter)?.productIds ?? new Map<string, number[]>())
      const steps = ['listing', 'listing by POST', 'filtered listing', 'product by sku', 'product by url_path', 'related', 'search panel']
      for (const step of steps) {
        expect(api!.get(step), `${step}: the api adapter's products`).toBeDefined()
        expect(searchQuery!.get(step), `${step}: the api-search-query adapter's products`).toEqual(api!.get(step))
      }
    })
  })
}
