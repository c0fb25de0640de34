import { imageUrl } from '../../domain/images'

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
  if (!src) return <span className={`image-placeholder ${className ?? ''}`} style={{ aspectRatio: `${width} / ${height}` }} role="img" aria-label={alt} />
  return <img src={src} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} decoding="async" className={className} />
}
