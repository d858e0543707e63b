import { type Context, Hono } from 'hono'
import { fileStore } from '../../core/storage/file-store'
import type { StackDeps } from '../deps'
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets'
import { downloadObject, downloadPublicObject, downloadSignedObject } from './download-object'
import { listObjects } from './list-objects'
import { listObjectsV2 } from './list-objects-v2'
import { copyObject, moveObject } from './move-copy'
import { objectInfo } from './object-info'
import { removeObject, removeObjects } from './remove-objects'
import { renderAuthenticatedImage, renderPublicImage, renderSignedImage } from './render-image'
import { signObject, signObjects } from './sign-object'
import { createSignedUploadUrl, uploadToSignedUrl } from './signed-upload'
import { storageErrorResponse } from './storage-response'
import { uploadObject } from './upload-object'

type Handler = (c: Context) => Promise<Response>

/** Every storage error becomes Storage's error body; anything else is a real 500. */
const handle =
  (handler: Handler): Handler =>
  async (c) => {
    try {
      return await handler(c)
    } catch (error) {
      return storageErrorResponse(c, error)
    }
  }

/** True when the path after `marker` names an object (`<bucket>/<key>`), not just a bucket. */
const namesObject = (c: Context, marker: string) => {
  const pathname = new URL(c.req.url).pathname
  return pathname.slice(pathname.indexOf(marker) + marker.length).includes('/')
}

/** Routes under /storage/v1, after Supabase Storage's object and bucket API. */
export function storageRoutes(deps: StackDeps): Hono {
  const store = fileStore(deps.config.dataDir)
  const app = new Hono()
  // Objects are served as the type their bytes are, never re-guessed by the browser, and never run as
  // a page of the API's origin.
  app.use('*', async (c, next) => {
    await next()
    c.res.headers.set('X-Content-Type-Options', 'nosniff')
    c.res.headers.set('Content-Security-Policy', "default-src 'none'; sandbox")
  })

  app.get(
    '/bucket',
    handle((c) => listBuckets(c, deps)),
  )
  app.get(
    '/bucket/:id',
    handle((c) => getBucket(c, deps)),
  )
  app.post(
    '/bucket',
    handle((c) => createBucket(c, deps)),
  )
  app.put(
    '/bucket/:id',
    handle((c) => updateBucket(c, deps)),
  )
  app.delete(
    '/bucket/:id',
    handle((c) => deleteBucket(c, deps)),
  )
  app.post(
    '/bucket/:id/empty',
    handle((c) => emptyBucket(c, deps, (bucket, key) => store.remove(bucket, key))),
  )
  app.post(
    '/object/move',
    handle((c) => moveObject(c, deps, store)),
  )
  app.post(
    '/object/copy',
    handle((c) => copyObject(c, deps, store)),
  )
  app.post(
    '/object/list-v2/*',
    handle((c) => listObjectsV2(c, deps)),
  )
  app.post(
    '/object/upload/sign/*',
    handle((c) => createSignedUploadUrl(c, deps)),
  )
  app.put(
    '/object/upload/sign/*',
    handle((c) => uploadToSignedUrl(c, deps, store)),
  )
  app.get(
    '/render/image/authenticated/*',
    handle((c) => renderAuthenticatedImage(c, deps, store)),
  )
  app.get(
    '/render/image/sign/*',
    handle((c) => renderSignedImage(c, deps, store)),
  )

  app.post(
    '/object/list/*',
    handle((c) => listObjects(c, deps)),
  )
  app.get(
    '/object/public/*',
    handle((c) => downloadPublicObject(c, deps, store)),
  )
  app.get(
    '/render/image/public/*',
    handle((c) => renderPublicImage(c, deps, store)),
  )
  app.get(
    '/object/sign/*',
    handle((c) => downloadSignedObject(c, deps, store)),
  )
  app.post(
    '/object/sign/*',
    handle((c) => (namesObject(c, '/object/sign/') ? signObject(c, deps) : signObjects(c, deps))),
  )
  app.get(
    '/object/info/*',
    handle((c) => objectInfo(c, deps)),
  )
  app.get(
    '/object/authenticated/*',
    handle((c) => downloadObject(c, deps, store, '/object/authenticated/')),
  )
  app.get(
    '/object/*',
    handle((c) => downloadObject(c, deps, store, '/object/')),
  )
  app.post(
    '/object/*',
    handle((c) => uploadObject(c, deps, store, false)),
  )
  app.put(
    '/object/*',
    handle((c) => uploadObject(c, deps, store, true)),
  )
  app.delete(
    '/object/*',
    handle((c) =>
      namesObject(c, '/object/') ? removeObject(c, deps, store) : removeObjects(c, deps, store),
    ),
  )

  app.all('*', (c) =>
    c.json(
      {
        statusCode: '404',
        code: 'NotFound',
        error: 'Not Found',
        message: `Route ${c.req.method}:${c.req.path} not found`,
      },
      404,
    ),
  )
  return app
}
