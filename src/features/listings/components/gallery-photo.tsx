import { listingImageUrl } from '../../../lib/image-transform'
import { photoPriority } from '../../../utils/photo-priority'

type GalleryPhotoProps = {
  name: string
  url: string
  index: number
  count: number
}

/** One photo of a listing's gallery; the cover is the page's largest paint, so it loads first. */
export function GalleryPhoto({ name, url, index, count }: GalleryPhotoProps) {
  return (
    <img
      src={listingImageUrl(url, 'photo')}
      alt={`${name} (${index + 1} of ${count})`}
      width={1200}
      height={675}
      {...photoPriority(index === 0)}
      decoding="async"
      crossOrigin="anonymous"
    />
  )
}
