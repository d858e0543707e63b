import { useEffect, useState } from 'react'
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from './icons'
import { TextField } from './text-field'
import './photo-picker.css'

type PhotoPickerProps = {
  label: string
  /** The chosen photos in order; the first is the cover. */
  files: File[]
  onChange: (files: File[]) => void
  accept: string
  hint?: string | undefined
  error?: string | undefined
  /** While publishing: how many photos have uploaded so far (in order); null otherwise. */
  uploaded: number | null
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
 * Photos for a listing: choosing photos replaces the set (as the spec's file input does); each shows as a thumbnail that can
 * be removed or moved earlier or later, the first marked as the cover; while publishing each says how it is
 * getting on.
 */
export function PhotoPicker({ label, files, onChange, accept, hint, error, uploaded }: PhotoPickerProps) {
  const previews = usePreviews(files)
  const move = (from: number, to: number) => {
    const next = [...files]
    const [photo] = next.splice(from, 1)
    if (photo) next.splice(to, 0, photo)
    onChange(next)
  }
  return (
    <div className="photo-picker">
      <TextField
        label={label}
        hint={hint}
        error={error}
        name="images"
        type="file"
        accept={accept}
        multiple
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? [])
          // Emptied so that the same photos can be chosen again after one was removed.
          event.target.value = ''
          if (chosen.length > 0) onChange(chosen)
        }}
      />
      {files.length > 0 ? (
        <ol className="photo-picker__list" aria-label="Chosen photos">
          {files.map((file, index) => {
            const number = index + 1
            const state = uploadState(index, uploaded)
            return (
              <li key={keyOf(file)} className="photo-picker__item">
                <div className="photo-picker__thumb">
                  {previews.get(file) ? (
                    <img src={previews.get(file)} alt={`${number} of ${files.length}: ${file.name}`} />
                  ) : null}
                  {index === 0 ? <span className="badge photo-picker__cover">Cover</span> : null}
                  {state ? (
                    <span
                      className={`photo-picker__state photo-picker__state--${state === 'Uploaded' ? 'done' : 'waiting'}`}
                    >
                      {state}
                    </span>
                  ) : null}
                </div>
                {uploaded === null ? (
                  <div className="photo-picker__tools">
                    <button
                      type="button"
                      className="icon-button photo-picker__tool"
                      aria-label={`Move photo ${number} earlier`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ChevronLeftIcon size={18} />
                    </button>
                    <button
                      type="button"
                      className="icon-button photo-picker__tool"
                      aria-label={`Move photo ${number} later`}
                      disabled={index === files.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ChevronRightIcon size={18} />
                    </button>
                    <button
                      type="button"
                      className="icon-button icon-button--danger photo-picker__tool"
                      aria-label={`Remove photo ${number}`}
                      onClick={() => onChange(files.filter((_, i) => i !== index))}
                    >
                      <CloseIcon size={18} />
                    </button>
                  </div>
                ) : null}
              </li>
            )
          })}
        </ol>
      ) : null}
    </div>
  )
}
