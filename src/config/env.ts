import { type AppEnv, parseEnv } from './parse-env'

export { type AppEnv, parseEnv }

export const env: AppEnv = parseEnv(import.meta.env)
