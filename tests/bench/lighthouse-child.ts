// One Lighthouse run in a process of its own, away from the stack's (runOnce in ./lighthouse.ts): prints the
// run as one line of JSON. `node --import tsx tests/bench/lighthouse-child.ts <url> <chromium>`
import { runInThisProcess } from './lighthouse'

const [url, chromePath] = process.argv.slice(2)
if (!url || !chromePath) throw new Error('usage: lighthouse-child.ts <url> <chromium>')
process.stdout.write(`${JSON.stringify(await runInThisProcess(url, chromePath))}\n`)
