import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/icons'
import { TextField } from '../../../components/text-field'
import type { EditPhoto } from '../../../types/listing-edit'
import { IMAGE_ACCEPT, LISTING_LIMITS } from '../listing-schema'
import '../../../components/photo-picker.css'

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
 * The listing's photos in an edit: new ones are added after the others, and each can be moved earlier or
 * later or removed; the first is the cover. Nothing is uploaded until the edit is sent.
 */
export function EditPhotos({ photos, onChange, onAdd, error, disabled }: EditPhotosProps) {
  const move = (from: number, to: number) => {
    const next = [...photos]
    const [photo] = next.splice(from, 1)
    if (photo) next.splice(to, 0, photo)
    onChange(next)
  }
  return (
    <div className="photo-picker">
      <TextField
        label="Add photos"
        hint={`The first photo is the cover (max ${LISTING_LIMITS.maxImages}).`}
        error={error}
        name="add-photos"
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        disabled={disabled}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? [])
          event.target.value = ''
          if (chosen.length > 0) onAdd(chosen)
        }}
      />
      {photos.length > 0 ? (
        <ol className="photo-picker__list" aria-label="Photos">
          {photos.map((item, index) => {
            const number = index + 1
            return (
              <li key={item.key} className="photo-picker__item">
                <div className="photo-picker__thumb">
                  <img src={item.src} alt={`${number} of ${photos.length}`} />
                  {index === 0 ? <span className="badge photo-picker__cover">Cover</span> : null}
                  {'photoId' in item.photo ? (
                    <span className="photo-picker__state photo-picker__state--waiting">New</span>
                  ) : null}
                </div>
                <div className="photo-picker__tools">
                  <button
                    type="button"
                    className="icon-button photo-picker__tool"
                    aria-label={`Move photo ${number} earlier`}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ChevronLeftIcon size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-button photo-picker__tool"
                    aria-label={`Move photo ${number} later`}
                    disabled={disabled || index === photos.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ChevronRightIcon size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-button icon-button--danger photo-picker__tool"
                    aria-label={`Remove photo ${number}`}
                    disabled={disabled}
                    onClick={() => onChange(photos.filter((_, i) => i !== index))}
                  >
                    <CloseIcon size={18} />
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
      ) : null}
    </div>
  )
}
