import { IMAGE_ACCEPT, LISTING_LIMITS } from '../../../components/listing-form/listing-schema'
import { PhotoPicker } from '../../../components/photo-picker'
import type { EditPhoto } from '../../../types/listing-edit'

/** A photo of the listing being edited, with what shows it (its URL, or the device's copy of a new one). */
export type EditPhotoItem = { key: string; photo: EditPhoto; src: string }

type EditPhotosProps = {
  photos: EditPhotoItem[]
  onChange: (photos: EditPhotoItem[]) => void
  /** Photos chosen to add (shrunk and kept by the screen). */
  onAdd: (files: File[]) => void
  error?: string | undefined
  disabled?: boolean
}

/**
 * The listing's photos in an edit, in the same picker as on create: new ones are added after the others, and
 * each can be moved or removed. Nothing is uploaded until the edit is sent.
 */
export function EditPhotos({ photos, onChange, onAdd, error, disabled }: EditPhotosProps) {
  return (
    <PhotoPicker
      label="Add photos"
      name="add-photos"
      listLabel="Photos"
      accept={IMAGE_ACCEPT}
      photos={photos}
      show={(item, index) => ({
        key: item.key,
        src: item.src,
        alt: `${index + 1} of ${photos.length}`,
        badge: 'photoId' in item.photo ? { text: 'New', done: false } : null,
      })}
      onChange={onChange}
      onChoose={onAdd}
      hint={`The first photo is the cover (max ${LISTING_LIMITS.maxImages}).`}
      error={error}
      disabled={disabled}
    />
  )
}
