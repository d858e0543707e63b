import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isValidBucketId, isValidObjectKey } from './object-key'
import { StorageError, storageErrors } from './storage-error'

/** A body written to a temporary file, not yet visible under its key. */
export type PendingFile = { tempPath: string; size: number; eTag: string }

export type FileStore = {
  /** Where `bucket/key` lives on disk; throws InvalidKey for anything that would leave the bucket. */
  pathOf(bucket: string, key: string): string
  /** Streams `body` to a temporary file, refusing it once it grows past `limit` bytes. */
  writeTemp(body: AsyncIterable<Uint8Array> | NodeJS.ReadableStream, limit: number): Promise<PendingFile>
  /** Moves a pending file under its key, replacing any older bytes. */
  commit(file: PendingFile, bucket: string, key: string): Promise<void>
  discard(file: PendingFile): Promise<void>
  /** The first bytes of a pending file, to tell its type from its content. */
  head(file: PendingFile, length: number): Promise<Uint8Array>
  remove(bucket: string, key: string): Promise<void>
  /** Size and modification time of a stored object, or undefined when its bytes are missing. */
  stat(bucket: string, key: string): Promise<fs.Stats | undefined>
  read(bucket: string, key: string, range?: { start: number; end: number }): fs.ReadStream
  /** A pending copy of a stored object's bytes, to commit under another key. */
  copyToTemp(bucket: string, key: string): Promise<PendingFile>
}

/** Stored objects as plain files under `<root>/<bucket>/<key>`; uploads land in a sibling temp folder first. */
export function fileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'storage')
  const tempDir = path.join(dataDir, 'storage-uploads')

  function pathOf(bucket: string, key: string): string {
    if (!isValidBucketId(bucket)) throw storageErrors.invalidKey(bucket)
    if (!isValidObjectKey(key)) throw storageErrors.invalidKey(key)
    const bucketDir = path.join(root, bucket)
    const target = path.resolve(bucketDir, key)
    if (!target.startsWith(bucketDir + path.sep)) throw storageErrors.invalidKey(key)
    return target
  }

  return {
    pathOf,
    async writeTemp(body, limit) {
      await fsp.mkdir(tempDir, { recursive: true })
      const tempPath = path.join(tempDir, randomUUID())
      const hash = createHash('md5')
      let size = 0
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          if (size > limit) return done(storageErrors.entityTooLarge())
          hash.update(chunk)
          done(null, chunk)
        },
      })
      try {
        await pipeline(body, meter, fs.createWriteStream(tempPath))
        // On disk before the upload is answered: a crash after the answer must not lose the bytes.
        const written = await fsp.open(tempPath, 'r+')
        await written.sync().finally(() => written.close())
      } catch (error) {
        await fsp.rm(tempPath, { force: true })
        if (error instanceof StorageError) throw error
        throw storageErrors.invalidRequest('The request body could not be read')
      }
      return { tempPath, size, eTag: `"${hash.digest('hex')}"` }
    },
    async commit(file, bucket, key) {
      const target = pathOf(bucket, key)
      try {
        await fsp.mkdir(path.dirname(target), { recursive: true })
        await fsp.rename(file.tempPath, target)
        const folder = await fsp.open(path.dirname(target), 'r')
        await folder.sync().finally(() => folder.close())
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        // A key that is also another key's folder (`a/b` next to `a/b/c`) cannot exist as a plain file.
        if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') {
          throw new StorageError('409', 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists')
        }
        throw error
      }
    },
    async head(file, length) {
      const handle = await fsp.open(file.tempPath, 'r')
      try {
        const buffer = Buffer.alloc(length)
        const { bytesRead } = await handle.read(buffer, 0, length, 0)
        return new Uint8Array(buffer.subarray(0, bytesRead))
      } finally {
        await handle.close()
      }
    },
    async discard(file) {
      await fsp.rm(file.tempPath, { force: true })
    },
    async remove(bucket, key) {
      await fsp.rm(pathOf(bucket, key), { force: true })
    },
    async stat(bucket, key) {
      try {
        const stats = await fsp.stat(pathOf(bucket, key))
        return stats.isFile() ? stats : undefined
      } catch {
        return undefined
      }
    },
    read(bucket, key, range) {
      return fs.createReadStream(pathOf(bucket, key), range)
    },
    async copyToTemp(bucket, key) {
      const source = pathOf(bucket, key)
      await fsp.mkdir(tempDir, { recursive: true })
      const tempPath = path.join(tempDir, randomUUID())
      try {
        await fsp.copyFile(source, tempPath)
      } catch {
        throw storageErrors.noSuchKey()
      }
      const stats = await fsp.stat(tempPath)
      const hash = createHash('md5')
      await pipeline(fs.createReadStream(tempPath), hash)
      return { tempPath, size: stats.size, eTag: `"${hash.digest('hex')}"` }
    },
  }
}
