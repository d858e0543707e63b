import { type ComponentType, type RefObject, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

type Takeover<Props> = {
  /** Swiper's component once it may take over; until then, the track draws the slider. */
  Swiper: ComponentType<Props> | null
  /** The person reached for the slider: start loading Swiper. */
  reach: () => void
  /** For the element around the slider: the press it watches, and where focus is looked for. */
  frame: {
    ref: RefObject<HTMLDivElement>
    onPointerDownCapture: () => void
  }
}

/** What was focused in the slider, to find its twin in Swiper's markup (same names, same links). */
function focusKey(element: Element): string | null {
  const label = element.getAttribute('aria-label')
  if (label) return `[aria-label="${CSS.escape(label)}"]`
  const href = element.getAttribute('href')
  return href ? `a[href="${CSS.escape(href)}"]` : null
}

/**
 * Swiper takes over a slider drawn without it, once loaded, and never in the middle of a press: a tap that
 * began on the track's arrow must end on it (a press spanning the swap is no click), so the swap waits for
 * the pointer to be let go, then happens in one synchronous render. Focus stays where it was: on Swiper's
 * button or link of the same name. If Swiper cannot load (offline, say), the track carries on.
 */
export function useSwiperTakeover<Props>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): Takeover<Props> {
  const [Swiper, setSwiper] = useState<ComponentType<Props> | null>(null)
  const frame = useRef<HTMLDivElement>(null)
  const loaded = useRef<ComponentType<Props> | null>(null)
  const loading = useRef(false)
  const held = useRef(false)
  const taken = useRef(false)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const takeOver = () => {
    const component = loaded.current
    if (!component || taken.current || held.current || !mounted.current) return
    taken.current = true
    const focused = document.activeElement
    const key = focused && frame.current?.contains(focused) ? focusKey(focused) : null
    flushSync(() => setSwiper(() => component))
    if (key) frame.current?.querySelector<HTMLElement>(key)?.focus({ preventScroll: true })
  }

  const reach = () => {
    if (loading.current) return
    loading.current = true
    load().then(
      (module) => {
        loaded.current = module.default
        takeOver()
      },
      () => {
        // Try again at the next reach; the track works meanwhile.
        loading.current = false
      },
    )
  }

  const onPointerDownCapture = () => {
    if (taken.current) return
    held.current = true
    const release = () => {
      window.removeEventListener('pointerup', release, true)
      window.removeEventListener('pointercancel', release, true)
      // After the click that this release makes, which comes in the same task.
      window.setTimeout(() => {
        held.current = false
        takeOver()
      }, 0)
    }
    window.addEventListener('pointerup', release, true)
    window.addEventListener('pointercancel', release, true)
  }

  return {
    Swiper,
    reach,
    frame: {
      ref: frame,
      onPointerDownCapture,
    },
  }
}
