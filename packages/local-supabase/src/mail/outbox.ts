import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export type MailAddress = { name: string; address: string }

export type Message = {
  id: string
  from: MailAddress
  to: MailAddress[]
  subject: string
  text: string
  html: string
  /** Extra headers the sender set (e.g. List-Unsubscribe), as Resend's `headers` takes them. */
  headers?: Record<string, string>
  created: string
}

export type Outbox = {
  send(message: Omit<Message, 'id' | 'created' | 'from'> & { from?: MailAddress }): Promise<Message>
  list(): Promise<Message[]>
  get(id: string): Promise<Message | undefined>
  clear(): Promise<void>
}

const SENDER: MailAddress = { name: 'Roost', address: 'no-reply@roost.local' }

/** Mail the local stack "sends": one JSON file per message under the data folder, newest first. */
export function fileOutbox(dir: string): Outbox {
  fs.mkdirSync(dir, { recursive: true })
  const fileOf = (id: string) => path.join(dir, `${id}.json`)
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Message
  return {
    async send(input) {
      const message: Message = {
        ...input,
        from: input.from ?? SENDER,
        id: randomUUID(),
        created: new Date().toISOString(),
      }
      fs.writeFileSync(fileOf(message.id), JSON.stringify(message))
      return message
    },
    async list() {
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => read(path.join(dir, f)))
        .sort((a, b) => b.created.localeCompare(a.created))
    },
    async get(id) {
      if (!/^[0-9a-f-]{36}$/.test(id) || !fs.existsSync(fileOf(id))) return undefined
      return read(fileOf(id))
    },
    async clear() {
      for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f))
    },
  }
}
