type OpenPhotoButtonProps = { index: number; count: number; current: number; onOpen: (index: number) => void }

/** A tap anywhere on a photo opens it full screen; for keys and screen readers it is a named button. */
export function OpenPhotoButton({ index, count, current, onOpen }: OpenPhotoButtonProps) {
  return (
    <button
      type="button"
      className="gallery-open"
      data-photo-index={index}
      tabIndex={index === current ? 0 : -1}
      aria-label={`View photo ${index + 1} of ${count} full screen`}
      onClick={() => onOpen(index)}
    />
  )
}
