/**
 * What each kind of outbox write carries, keyed by kind. Empty here: the module that defines a kind adds it
 * (`declare module` on this file, as TanStack Router's `Register`), so the outbox names no feature and a
 * handler receives its own payload's type.
 */
// biome-ignore lint/suspicious/noEmptyInterface: kinds are added by declaration merging, one per owner
export interface OutboxPayloads {}

/** Every kind of write this build of the app knows. */
export type OutboxKind = keyof OutboxPayloads & string
