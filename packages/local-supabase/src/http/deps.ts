import type { StackConfig } from '../config'
import type { Database } from '../db/database'
import type { FunctionRuntime } from '../functions/runtime'
import type { Outbox } from '../mail/outbox'

/** What the HTTP routes are given: nothing global, so tests can build several stacks side by side. */
export type StackDeps = {
  config: StackConfig
  db: Database
  outbox: Outbox
  /** Runs the project's Edge Functions; without it /functions/v1 finds no function. */
  functions?: FunctionRuntime
}
