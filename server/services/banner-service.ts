/**
 * The banners' answers: the info-banner extension (check and get), the VSF1 theme's banner files
 * per store code, and the stored banners for our own client. Unknown store codes, unknown and
 * inactive info banners, and a store view without a head image are all "not found"; the check
 * alone answers false instead, as its contract is a yes or no.
 */
import type { PromotedBanner, PromotedOffersFile, MainImageFile, BannersAnswer } from '../../domain/api/banner.schema'
import type { BannerSlot } from '../../domain/banner-slots'
import type { BannerDoc, InfoBannerDoc } from '../../domain/banner.schema'
import { isStoreCode, type StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import { NotFoundError } from './errors'

/** A banner as VSF1 themes read it: their four fields, and the alt text they may use. */
function promoted(doc: BannerDoc): PromotedBanner {
  return { title: doc.title, ...(doc.subtitle ? { subtitle: doc.subtitle } : {}), image: doc.image, link: doc.link, alt: doc.alt }
}

export function createBannerService(storage: Storage) {
  function storeCodeOf(code: string): StoreCode {
    if (!isStoreCode(code)) throw new NotFoundError(`No banners for store code "${code}"`)
    return code
  }

  async function bySlot(storeCode: StoreCode): Promise<Record<BannerSlot, BannerDoc[]>> {
    const grouped: Record<BannerSlot, BannerDoc[]> = { main: [], small: [], product: [], head: [] }
    // listActive orders by slot, sort order and id: each list keeps that order
    for (const doc of await storage.banners.listActive(storeCode)) grouped[doc.slot]?.push(doc)
    return grouped
  }

  return {
    /** Whether the info banner exists and is active in the store view. */
    async isInfoBannerActive(storeCode: StoreCode, id: number): Promise<boolean> {
      return (await storage.infoBanners.findActiveById(storeCode, id)) !== null
    },

    async infoBanner(storeCode: StoreCode, id: number): Promise<InfoBannerDoc> {
      const found = await storage.infoBanners.findActiveById(storeCode, id)
      if (!found) throw new NotFoundError(`Info banner ${id} not found`)
      return found
    },

    /** The stored banners of a store view: the three lists, and the head image (the first active one) or null. */
    async banners(code: string): Promise<BannersAnswer> {
      const slots = await bySlot(storeCodeOf(code))
      return { mainBanners: slots.main, smallBanners: slots.small, productBanners: slots.product, headImage: slots.head[0] ?? null }
    },

    /** `{storeCode}_promoted_offers.json` */
    async promotedOffers(code: string): Promise<PromotedOffersFile> {
      const slots = await bySlot(storeCodeOf(code))
      return { mainBanners: slots.main.map(promoted), smallBanners: slots.small.map(promoted), productBanners: slots.product.map(promoted) }
    },

    /** `{storeCode}_main-image.json`; a store view without a head image has no such file. */
    async mainImage(code: string): Promise<MainImageFile> {
      const head = (await bySlot(storeCodeOf(code))).head[0]
      if (!head) throw new NotFoundError(`No head image for store code "${code}"`)
      return { image: promoted(head) }
    },
  }
}
export type BannerService = ReturnType<typeof createBannerService>
