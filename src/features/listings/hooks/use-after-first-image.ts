import { useCallback, useEffect, useState } from 'react'

/**
 * False until the screen's first image has loaded (or failed, or `fallbackMs` has passed), so a heavy
 * enhancement such as Swiper does not compete with the largest paint for the network and main thread.
 */
export function useAfterFirstImage(fallbackMs = 3000): { ready: boolean; onImageSettled: () => void } {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (ready) return
    const timer = window.setTimeout(() => setReady(true), fallbackMs)
    return () => window.clearTimeout(timer)
  }, [ready, fallbackMs])
  const onImageSettled = useCallback(() => setReady(true), [])
  return { ready, onImageSettled }
}
