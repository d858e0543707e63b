// The inline script as index.html carries it: the browser functions of src/first-screen and the helpers they call,
// each declared from its own source, run once with the build's configuration.
import { EARLY_DRAWING } from '../../src/first-screen/early-cards'
import {
  drawFirstScreen,
  type EarlyRequestConfig,
  earlyReadOf,
  photoPainted,
  startAppCode,
  startEarlyRequest,
} from '../../src/first-screen/early-script'
import * as helpers from '../../src/utils/inline-script-helpers'

/**
 * The inline script for index.html: startEarlyRequest's own source, called with the build's configuration,
 * in a scope that declares the functions it calls by their own source.
 */
export function earlyRequestScript(c: EarlyRequestConfig): string {
  const declared = [
    drawFirstScreen,
    earlyReadOf,
    photoPainted,
    startAppCode,
    ...EARLY_DRAWING,
    // The whole module: it holds the helpers the functions above call, and nothing else.
    ...Object.values(helpers).filter((value) => typeof value === 'function'),
  ]
    .map(String)
    .join('\n')
  return `(()=>{${declared}\n(${startEarlyRequest.toString()})(${JSON.stringify(c)},window)})()`
}
