import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from './icons'
import { TextField } from './text-field'
import './photo-picker.css'

/** How one photo shows: a stable key (moving it keeps its thumbnail), its picture, its alt text, a word on it. */
export type ShownPhoto = {
  key: string
  src: string | undefined
  alt: string
  badge: { text: string; done: boolean } | null
}

type PhotoPickerProps<T> = {
  label: string
  /** The file input's name. */
  name: string
  /** The list's accessible name. */
  listLabel: string
  accept: string
  hint?: string | undefined
  error?: string | undefined
  /** The photos in order; the first is the cover. */
  photos: readonly T[]
  show: (photo: T, index: number) => ShownPhoto
  /** The photos moved or one removed. */
  onChange: (photos: T[]) => void
  /** Files chosen in the input (the caller replaces or adds). */
  onChoose: (files: File[]) => void
  /** No moving or removing (while publishing). */
  fixed?: boolean
  disabled?: boolean | undefined
}

/**
 * A listing's photos, for creating one and editing one alike: a file input, and each photo as a thumbnail that
 * can be moved earlier or later or removed, the first marked as the cover.
 */
export function PhotoPicker<T>(props: PhotoPickerProps<T>) {
  const { photos, onChange, disabled } = props
  const move = (from: number, to: number) => {
    const next = [...photos]
    const [photo] = next.splice(from, 1)
    if (photo !== undefined) next.splice(to, 0, photo)
    onChange(next)
  }
  return (
    <div className="photo-picker">
      <TextField
        label={props.label}
        hint={props.hint}
        error={props.error}
        name={props.name}
        type="file"
        accept={props.accept}
        multiple
        disabled={disabled}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? [])
          // Emptied so that the same photos can be chosen again after one was removed.
          event.target.value = ''
          if (chosen.length > 0) props.onChoose(chosen)
        }}
      />
      {photos.length > 0 ? (
        <ol className="photo-picker__list" aria-label={props.listLabel}>
          {photos.map((photo, index) => {
            const number = index + 1
            const shown = props.show(photo, index)
            return (
              <li key={shown.key} className="photo-picker__item">
                <div className="photo-picker__thumb">
                  {shown.src ? <img src={shown.src} alt={shown.alt} /> : null}
                  {index === 0 ? <span className="badge photo-picker__cover">Cover</span> : null}
                  {shown.badge ? (
                    <span
                      className={`photo-picker__state photo-picker__state--${shown.badge.done ? 'done' : 'waiting'}`}
                    >
                      {shown.badge.text}
                    </span>
                  ) : null}
                </div>
                {props.fixed ? null : (
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
                )}
              </li>
            )
          })}
        </ol>
      ) : null}
    </div>
  )
}
