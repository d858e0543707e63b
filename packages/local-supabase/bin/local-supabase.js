#!/usr/bin/env node
// `local-supabase <command> [arguments]`: runs one of the stack's commands (src/cli/<command>.ts) in this process,
// its TypeScript loaded by tsx, so signals (Ctrl-C, a test runner's SIGINT) reach the command itself.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { register } from 'tsx/esm/api'

const CLI = path.join(import.meta.dirname, '..', 'src', 'cli')
/** The commands, each a module of src/cli that runs when loaded (the README says what each does). */
const commands = [
  'start',
  'dev',
  'backend',
  'db-reset',
  'db-diff',
  'gen-types',
  'gen-places',
  'write-seed',
  'bench-seed',
  'moderator',
  'schedules-sql',
  'e2e-servers',
]

const [command, ...rest] = process.argv.slice(2)
if (!command || !commands.includes(command)) {
  console.error(`Usage: local-supabase <command> [arguments]\nCommands: ${commands.join(', ')}`)
  process.exit(command ? 1 : 0)
}

register()
const entry = path.join(CLI, `${command}.ts`)
// The command sees itself as the script run, as under `tsx <file>`.
process.argv = [process.argv[0], entry, ...rest]
await import(pathToFileURL(entry).href)
