import { useEffect, useRef, useState } from 'react'
import { LISTING_LIMITS, LISTING_MESSAGES } from '../../../components/listing-form/listing-schema'
import { editPhotoBlob, editPhotoPath, type NewEditPhoto } from '../../../device/listing-edits'
import type { EditPhoto } from '../../../types/listing-edit'
import { shrinkImage } from '../../../utils/shrink-image'
import { EDIT_MESSAGES } from '../edit-messages'
import type { EditPhotoItem } from './edit-photos'

/** What shows a photo: its URL, or the device's copy of a new one (uploaded already: its URL to be). */
async function itemsOf(photos: readonly EditPhoto[], publicUrl: () => Promise<(path: string) => string>) {
  return Promise.all(
    photos.map(async (photo, index): Promise<EditPhotoItem> => {
      if ('url' in photo) return { key: `url-${index}-${photo.url}`, photo, src: photo.url }
      const blob = await editPhotoBlob(photo.photoId)
      const src = blob ? URL.createObjectURL(blob) : (await publicUrl())(photo.path)
      return { key: photo.photoId, photo, src }
    }),
  )
}

const photoUrlOf = () =>
  import('../../../lib/listing-photos').then(({ listingPhotoUrl }) => listingPhotoUrl())

/** The photos an edit saves: all of them when they were touched (null: unchanged), and the new ones' blobs. */
export type ChosenEditPhotos = { photos: EditPhoto[] | null; newPhotos: NewEditPhoto[] }

/**
 * The state of a listing's photos while it is edited: the photos it starts with (the listing's, or a waiting
 * edit's), those added (shrunk on the device, kept as blobs until sent), removed and reordered, and the error
 * shown when the choice cannot be saved.
 */
export function useEditPhotos(start: readonly EditPhoto[], userId: string, listingId: string) {
  const [photos, setPhotos] = useState<EditPhotoItem[] | null>(null)
  const [error, setError] = useState<string | undefined>()
  const touched = useRef(false)
  const blobs = useRef(new Map<string, Blob>())

  useEffect(() => {
    let current = true
    void itemsOf(start, photoUrlOf).then((items) => current && setPhotos(items))
    return () => {
      current = false
    }
  }, [start])

  const change = (next: EditPhotoItem[]) => {
    touched.current = true
    setError(undefined)
    setPhotos(next)
  }

  const add = async (files: File[]) => {
    const added = await Promise.all(
      files.map(async (file): Promise<EditPhotoItem> => {
        const photoId = crypto.randomUUID()
        const blob = await shrinkImage(file)
        blobs.current.set(photoId, blob)
        const path = editPhotoPath(userId, listingId, photoId)
        return { key: photoId, photo: { photoId, name: file.name, path }, src: URL.createObjectURL(blob) }
      }),
    )
    change([...(photos ?? []), ...added])
  }

  /** The photos to save, or null (with the error shown) when there are none or too many. */
  const chosen = (): ChosenEditPhotos | null => {
    const items = photos ?? []
    if (items.length === 0 || items.length > LISTING_LIMITS.maxImages) {
      setError(items.length === 0 ? EDIT_MESSAGES.imagesRequired : LISTING_MESSAGES.imagesTooMany)
      return null
    }
    const newPhotos: NewEditPhoto[] = items.flatMap(({ photo }) => {
      const blob = 'photoId' in photo ? blobs.current.get(photo.photoId) : undefined
      return blob && 'photoId' in photo ? [{ ...photo, blob }] : []
    })
    return { photos: touched.current ? items.map((item) => item.photo) : null, newPhotos }
  }

  /** Whether the person added, removed or moved a photo. */
  const touchedNow = () => touched.current

  return { photos, error, change, add, chosen, touched: touchedNow }
}
