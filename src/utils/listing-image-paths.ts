import { LISTING_IMAGES_BUCKET } from '../config/storage'

const PUBLIC_MARKER = `/storage/v1/object/public/${LISTING_IMAGES_BUCKET}/`

/**
 * The bucket paths behind a listing's public image URLs, for removing them with the listing.
 * URLs of other buckets or hosts' other shapes are skipped.
 */
export function storagePathsFromUrls(imageUrls: readonly string[]): string[] {
  const paths: string[] = []
  for (const url of imageUrls) {
    let pathname: string
    try {
      pathname = new URL(url).pathname
    } catch {
      continue
    }
    const at = pathname.indexOf(PUBLIC_MARKER)
    if (at === -1) continue
    const path = pathname
      .slice(at + PUBLIC_MARKER.length)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/')
    if (path !== '' && !path.split('/').includes('..')) paths.push(path)
  }
  return paths
}
