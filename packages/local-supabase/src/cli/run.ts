/** Runs a long-lived command until Ctrl-C or SIGTERM, then stops it cleanly (once). */
export function runUntilSignal(stop: () => Promise<void>): void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping…`)
    stop().then(
      () => {
        console.log('Stopped.')
        process.exit(0)
      },
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}

export function log(line: string): void {
  console.log(`[local] ${line}`)
}

/** Ends the process with a readable message instead of a stack trace for expected failures. */
export function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error)
  if (/EADDRINUSE/.test(message)) {
    console.error(
      `A port the stack needs is in use (${message}). Stop the other process or set the *_PORT variables.`,
    )
  } else {
    console.error(error)
  }
  process.exit(1)
}
