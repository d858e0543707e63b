import { useId } from 'react'
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from './icons'
import './forms.css'
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
  const id = useId()
  const describedBy = [props.hint ? `${id}-hint` : '', `${id}-count`, props.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  const move = (from: number, to: number) => {
    const next = [...photos]
    const [photo] = next.splice(from, 1)
    if (photo !== undefined) next.splice(to, 0, photo)
    onChange(next)
  }
  return (
    <div className="photo-picker">
      {/* The browser's own file control says `No file chosen` whatever the list shows: it is hidden, and a
          button-like label opens it; the count and the thumbnails say what was chosen. */}
      <div className={`field${props.error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {props.label}
        </label>
        {props.hint ? (
          <p id={`${id}-hint`} className="field__hint">
            {props.hint}
          </p>
        ) : null}
        <div className="photo-picker__choose-row">
          <input
            id={id}
            className="photo-picker__input"
            name={props.name}
            type="file"
            accept={props.accept}
            multiple
            disabled={disabled}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? [])
              // Emptied so that the same photos can be chosen again after one was removed.
              event.target.value = ''
              if (chosen.length > 0) props.onChoose(chosen)
            }}
          />
          <label htmlFor={id} className="button button--secondary photo-picker__choose" aria-hidden="true">
            Choose photos
          </label>
          <p id={`${id}-count`} className="photo-picker__count" aria-live="polite">
            {photos.length === 0
              ? 'No photos yet'
              : `${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}`}
          </p>
        </div>
        {props.error ? (
          <p id={`${id}-error`} className="field__error">
            {props.error}
          </p>
        ) : null}
      </div>
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
