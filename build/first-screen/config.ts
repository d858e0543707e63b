// The first screen's contract: everything index.html's inline script knows of the app comes through this
// configuration. Relative imports only: the build's config (vite-plugin.ts) loads this before `@` exists.
import { LIST_TITLES } from '../../src/components/list-titles'
import { FIRST_SCREEN_CARDS, PAGE_SIZE } from '../../src/features/listings/first-screen'
import { SEARCH_PAGE_SIZE } from '../../src/features/search/first-screen'
import type { EarlyMarkup } from '../../src/first-screen/early-cards'
import {
  APP_CODE_WAIT_MS,
  type AppCode,
  type EarlyRequestConfig,
  PHOTO_PAINT_WAIT_MS,
  type ScreenCode,
} from '../../src/first-screen/early-script'
import { LISTING_IMAGE } from '../../src/lib/image-url'
import { KEY_IN_URL_REFUSED } from '../../src/lib/key-in-url'
import { LISTING_COLUMNS, RECOMMENDED_COUNT } from '../../src/types/listing'

/**
 * What index.html's inline script needs to make the app's own first requests and draw their answers
 * (src/first-screen/early-script.ts): the API and its key, and what the app's screens ask for and show.
 */
export function earlyRequestConfig(
  env: { supabaseUrl: string; supabaseAnonKey: string; imageTransforms: boolean },
  screenCode: ScreenCode,
  app: AppCode | null,
  markup: EarlyMarkup,
): EarlyRequestConfig {
  return {
    supabaseUrl: env.supabaseUrl,
    anonKey: env.supabaseAnonKey,
    keyInUrlRefused: KEY_IN_URL_REFUSED,
    columns: LISTING_COLUMNS,
    recommendedCount: RECOMMENDED_COUNT,
    imageTransforms: env.imageTransforms,
    photo: LISTING_IMAGE.photo,
    pageRows: PAGE_SIZE + 1,
    searchRows: SEARCH_PAGE_SIZE + 1,
    card: LISTING_IMAGE.card,
    firstCards: FIRST_SCREEN_CARDS,
    titles: LIST_TITLES,
    markup,
    screenCode,
    app,
    appCodeWaitMs: APP_CODE_WAIT_MS,
    photoPaintWaitMs: PHOTO_PAINT_WAIT_MS,
  }
}
