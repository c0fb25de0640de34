/** The service worker's runtime caches (workers/service-worker.ts), by name: a kiosk's picture warm-up (./picture-warmup) fills the pictures' one too. */
export const IMAGE_CACHE = 'polder-images'
export const CATALOG_CACHE = 'polder-catalog'
