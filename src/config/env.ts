import type { AppEnv } from './parse-env'

export type { AppEnv }

/** The configuration the app was built with, validated at build time (vite-app-env.ts): no parsing at start. */
export const env: AppEnv = __ROOST_ENV__
