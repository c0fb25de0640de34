import { useEffect, useState } from 'react'
import { imageUrl } from '../../domain/images'

/**
 * A product picture at one of the served sizes, its box reserved by width and height. A picture
 * that cannot be had (offline and not cached, or the resizer failed) is a drawn placeholder of the
 * same size, never the browser's broken-image icon; back online, it is tried again.
 */
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
  const src = imageUrl(path, width, height)
  const [failed, setFailed] = useState<string | null>(null)
  useEffect(() => {
    if (failed === null) return
    const retry = () => setFailed(null)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed])

  if (!src || failed === src) {
    return (
      <span
        className={`image-placeholder ${className ?? ''}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        role="img"
        aria-label={alt}
        data-testid="image-placeholder"
      />
    )
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
      onError={() => setFailed(src)}
    />
  )
}
