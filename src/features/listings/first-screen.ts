// What the first screen (src/first-screen) takes from this feature: how many cards a list asks for and how many
// a phone shows before scrolling. Relative imports only: the build's config loads this file.
export { FIRST_SCREEN_CARDS, PAGE_SIZE } from './api/listings-keyset'
