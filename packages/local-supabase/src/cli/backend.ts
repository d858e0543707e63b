// `npm run backend`: the local Supabase-compatible stack alone, like `supabase start` + `supabase status`.
import { loadConfig } from '../config'
import { startStack } from '../stack'
import { fail, log, runUntilSignal } from './run'
import { statusText } from './status'

const started = performance.now()
const stack = await startStack(loadConfig(), { log }).catch(fail)
console.log(statusText(stack.config))
console.log(`Local stack ready in ${Math.round(performance.now() - started)} ms. Press Ctrl-C to stop.`)
runUntilSignal(stack.stop)
