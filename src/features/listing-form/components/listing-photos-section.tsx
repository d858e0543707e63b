import { PhotoPicker } from '../../../components/photo-picker'
import { IMAGE_ACCEPT, LISTING_LIMITS } from '../listing-schema'

type ListingPhotosSectionProps = {
  photos: File[]
  onChange: (photos: File[]) => void
  /** Photos uploaded so far while publishing, or null. */
  uploaded: number | null
  /** A draft's photos the form opened with, until others are chosen. */
  keptFromDraft: File[] | undefined
  error: string | undefined
}

/** The photos (on create only): the first is the cover. */
export function ListingPhotosSection({
  photos,
  onChange,
  uploaded,
  keptFromDraft,
  error,
}: ListingPhotosSectionProps) {
  const kept =
    keptFromDraft?.length && photos === keptFromDraft
      ? ` ${keptFromDraft.length} kept from the draft; choosing images replaces them.`
      : ''
  return (
    <PhotoPicker
      label="Images"
      accept={IMAGE_ACCEPT}
      files={photos}
      onChange={onChange}
      uploaded={uploaded}
      hint={`The first image will be the cover (max ${LISTING_LIMITS.maxImages}).${kept}`}
      error={error}
    />
  )
}
