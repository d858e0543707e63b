// The components the first screen (build/first-screen/early-markup.tsx) renders to templates at build time, so
// that index.html's early drawing is this feature's own markup.
export { GalleryPhoto } from './components/gallery-photo'
export { RecommendedSlide } from './components/recommended-slide'
