import { useEffect, useState } from 'react'
import { PhotoPicker } from '../photo-picker'
import { IMAGE_ACCEPT, LISTING_LIMITS } from './listing-schema'

type ListingPhotosSectionProps = {
  photos: File[]
  onChange: (photos: File[]) => void
  /** Photos uploaded so far while publishing, or null. */
  uploaded: number | null
  /** A draft's photos the form opened with, until others are chosen. */
  keptFromDraft: File[] | undefined
  error: string | undefined
}

/** A preview address for each photo, made once per file and released when the photo goes. */
function usePreviews(files: File[]): Map<File, string> {
  const [previews, setPreviews] = useState(() => new Map<File, string>())
  useEffect(() => {
    const next = new Map(files.map((file) => [file, URL.createObjectURL(file)] as const))
    setPreviews(next)
    return () => {
      for (const url of next.values()) URL.revokeObjectURL(url)
    }
  }, [files])
  return previews
}

// A stable key for each chosen file, so moving one keeps its thumbnail with it.
const fileKeys = new WeakMap<File, string>()
let nextKey = 0
const keyOf = (file: File) => {
  let key = fileKeys.get(file)
  if (!key) {
    key = `photo-${nextKey++}`
    fileKeys.set(file, key)
  }
  return key
}

const uploadState = (index: number, uploaded: number | null) =>
  uploaded === null ? null : index < uploaded ? 'Uploaded' : index === uploaded ? 'Uploading…' : 'Waiting'

/**
 * The photos on create: choosing photos replaces the set (as the spec's file input does); while publishing each
 * says how it is getting on, and none can be moved. The first is the cover.
 */
export function ListingPhotosSection({
  photos,
  onChange,
  uploaded,
  keptFromDraft,
  error,
}: ListingPhotosSectionProps) {
  const previews = usePreviews(photos)
  const kept =
    keptFromDraft?.length && photos === keptFromDraft
      ? ` ${keptFromDraft.length} kept from the draft; choosing images replaces them.`
      : ''
  return (
    <PhotoPicker
      label="Images"
      name="images"
      listLabel="Chosen photos"
      accept={IMAGE_ACCEPT}
      photos={photos}
      show={(file, index) => {
        const state = uploadState(index, uploaded)
        return {
          key: keyOf(file),
          src: previews.get(file),
          alt: `${index + 1} of ${photos.length}: ${file.name}`,
          badge: state ? { text: state, done: state === 'Uploaded' } : null,
        }
      }}
      onChange={onChange}
      onChoose={onChange}
      fixed={uploaded !== null}
      hint={`The first image will be the cover (max ${LISTING_LIMITS.maxImages}).${kept}`}
      error={error}
    />
  )
}
