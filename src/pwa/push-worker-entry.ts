import { installPushHandlers } from './push-worker'

// Built on its own into push-worker.js (vite.config.ts), which the generated service worker imports.
installPushHandlers(self as unknown as ServiceWorkerGlobalScope)
