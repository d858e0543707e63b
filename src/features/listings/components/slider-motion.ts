/** Spec §9: the slider moves on every 8000 ms and pauses while the pointer is over it. */
export const AUTOPLAY_DELAY_MS = 8000

/** A slideshow starts stopped for people who ask their device for reduced motion. */
export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
