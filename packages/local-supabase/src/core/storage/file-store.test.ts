import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FileStore, fileStore } from './file-store'

let dataDir: string
let store: FileStore

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-file-store-'))
  store = fileStore(dataDir)
})
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('the file backend of local Storage', () => {
  it('keeps bytes out of sight until they are committed under their key', async () => {
    const pending = await store.writeTemp(Readable.from([Buffer.from('hello')]), 10)
    expect(pending).toMatchObject({ size: 5, eTag: '"5d41402abc4b2a76b9719d911017c592"' })
    expect(await store.stat('b', 'u1/a.txt')).toBeUndefined()
    await store.commit(pending, 'b', 'u1/a.txt')
    expect(fs.readFileSync(path.join(dataDir, 'storage', 'b', 'u1', 'a.txt'), 'utf8')).toBe('hello')
    expect(fs.existsSync(pending.tempPath)).toBe(false)
  })

  it('refuses a body past the limit and leaves no temporary file behind', async () => {
    await expect(
      store.writeTemp(Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), 10),
    ).rejects.toMatchObject({
      code: 'EntityTooLarge',
    })
    expect(fs.readdirSync(path.join(dataDir, 'storage-uploads'))).toEqual([])
  })

  it('never maps a key outside its bucket folder', () => {
    expect(() => store.pathOf('b', '../escape')).toThrow('Invalid key')
    expect(() => store.pathOf('..', 'x')).toThrow('Invalid key')
    expect(store.pathOf('b', 'u1/x.png')).toBe(path.join(dataDir, 'storage', 'b', 'u1', 'x.png'))
  })
})
