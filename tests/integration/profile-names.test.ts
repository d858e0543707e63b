import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { client, signedInUser, withDatabase } from './support/clients'

/**
 * A person's name is at most 80 characters: it goes into every conversation list and push title, so a
 * name of 900,000 characters is refused through the API, and one that Auth brings in (the sign-up form's
 * metadata, Google's full name) is cut to 80 rather than failing the sign-up.
 */

const nameOf = (id: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query('select name from public.profiles where id = $1', [id])
    return (rows[0] as { name: string } | undefined)?.name
  })

describe('a profile name', () => {
  it('of 900,000 characters is refused, and the name stays as it was', async () => {
    const user = await signedInUser('Nina Name')
    const { error, status } = await user.client
      .from('profiles')
      .update({ name: 'N'.repeat(900_000) })
      .eq('id', user.id)
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
    expect(error?.message).toContain('profiles_name_length')
    expect(await nameOf(user.id)).toBe('Nina Name')
  })

  it('of 81 characters is refused, of 80 taken', async () => {
    const user = await signedInUser('Eighty Person')
    const over = await user.client
      .from('profiles')
      .update({ name: 'x'.repeat(81) })
      .eq('id', user.id)
    expect(over.error?.code).toBe('23514')
    const exact = await user.client
      .from('profiles')
      .update({ name: 'y'.repeat(80) })
      .eq('id', user.id)
    expect(exact.error).toBeNull()
    expect(await nameOf(user.id)).toBe('y'.repeat(80))
  })

  it('counts characters, not bytes: 80 accented letters are taken', async () => {
    const user = await signedInUser('Accent Person')
    const { error } = await user.client
      .from('profiles')
      .update({ name: 'é'.repeat(80) })
      .eq('id', user.id)
    expect(error).toBeNull()
  })

  it('from sign-up metadata sent round the app is cut to 80, and the sign-up goes through', async () => {
    const email = `long-name-${randomUUID().slice(0, 8)}@example.com`
    const { data, error } = await client().auth.signUp({
      email,
      password: 'correct-horse-battery',
      options: { data: { name: `  ${'Long '.repeat(60)}` } },
    })
    expect(error).toBeNull()
    const name = await nameOf(data.user?.id ?? '')
    expect(name).toBe('Long '.repeat(16).trimEnd())
  })

  it('from a first Google sign-in is cut to 80', async () => {
    const apiUrl = inject('apiUrl')
    const authorize = await fetch(`${apiUrl}/auth/v1/authorize?provider=google`, { redirect: 'manual' })
    const state = new URL(authorize.headers.get('location') ?? '').searchParams.get('state') ?? ''
    const email = `google-long-${randomUUID().slice(0, 8)}@example.com`
    const done = await fetch(`${apiUrl}/auth/v1/chooser`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ state, email, name: 'G'.repeat(200) }),
    })
    expect(done.status).toBe(302)
    const id = await withDatabase(async (db) => {
      const { rows } = await db.query('select id from auth.users where email = $1', [email])
      return rows[0].id as string
    })
    expect(await nameOf(id)).toBe('G'.repeat(80))
  })
})
