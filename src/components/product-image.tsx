/** Spec §9 thumbnail sizes (cart and product thumbnails); the gallery's own 600x744 is asked as is. */
const THUMBNAIL_SIZES = [150, 295] as const

/**
 * The size to ask the server for: a square picture shown at most 295 px wide is served at the next
 * spec thumbnail size up (150 or 295), so every small list shares the same few cached variants;
 * anything else as shown.
 */
export function servedSize(width: number, height: number): { width: number; height: number } {
  if (width !== height) return { width, height }
  const size = THUMBNAIL_SIZES.find((s) => width <= s)
  return size ? { width: size, height: size } : { width, height }
}

/** Product pictures are resized by the server: /img/{width}/{height}/resize{path}. */
export function imageUrl(path: string | undefined, width: number, height: number): string | null {
  if (!path) return null
  return `/img/${width}/${height}/resize${path.startsWith('/') ? path : `/${path}`}`
}

export function ProductImage({
  path,
  width,
  height,
  alt,
  eager,
  className,
}: {
  path: string | undefined
  width: number
  height: number
  alt: string
  eager?: boolean
  className?: string
}) {
  const served = servedSize(width, height)
  const src = imageUrl(path, served.width, served.height)
  if (!src) return <span className={`image-placeholder ${className ?? ''}`} style={{ aspectRatio: `${width} / ${height}` }} role="img" aria-label={alt} />
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  )
}
