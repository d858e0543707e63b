/**
 * How a photo loads: the screen's largest photo at once and first, the others lazily and after it.
 *
 * `fetchpriority` is spelt as the HTML attribute: React 18 does not know the `fetchPriority` prop (it renders
 * it as an unknown attribute, and warns in development). React 19 knows it, so spell it `fetchPriority` there.
 */
export function photoPriority(first: boolean): { loading: 'eager' | 'lazy'; fetchpriority: 'high' | 'auto' } {
  return first ? { loading: 'eager', fetchpriority: 'high' } : { loading: 'lazy', fetchpriority: 'auto' }
}
