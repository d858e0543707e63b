/** The slideshow's pause/play button (WCAG 2.2.2: what moves on its own for more than 5 s can be stopped). */
export function AutoplayToggle({
  playing,
  onToggle,
}: {
  playing: boolean
  onToggle: () => void
  /** Where swiper/react puts it: swiper/react reads it from this element's props (the DOM needs no slot). */
  slot: 'container-start'
}) {
  return (
    <button
      type="button"
      className="slider-autoplay-toggle"
      aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        {playing ? (
          <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
        ) : (
          <path fill="currentColor" d="M8 5.5v13l11-6.5z" />
        )}
      </svg>
    </button>
  )
}
