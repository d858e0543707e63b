import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { signedInUser, withDatabase } from './support/clients'

/** Needs the profiles migration (trigger on auth.users insert and update): remove `.skip` once it is merged. */
const profileOf = (id: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query('select name, email from public.profiles where id = $1', [id])
    return rows[0] as { name: string | null; email: string } | undefined
  })

describe('profiles follow the Auth service', () => {
  it('sign-up creates a profile with the name from options.data and the email', async () => {
    const user = await signedInUser('Profile Person')
    expect(await profileOf(user.id)).toEqual({ name: 'Profile Person', email: user.email })
  })

  it('a new email in auth.users reaches the profile', async () => {
    const user = await signedInUser('Email Mover')
    const email = `moved-${randomUUID().slice(0, 8)}@example.com`
    const { error } = await user.client.auth.updateUser({ email })
    expect(error).toBeNull()
    expect((await profileOf(user.id))?.email).toBe(email)
  })

  it('a first Google sign-in creates a profile with the Google name', async () => {
    const apiUrl = inject('apiUrl')
    const authorize = await fetch(`${apiUrl}/auth/v1/authorize?provider=google`, { redirect: 'manual' })
    const chooser = authorize.headers.get('location') ?? ''
    const state = new URL(chooser).searchParams.get('state') ?? ''
    const email = `google-profile-${randomUUID().slice(0, 8)}@example.com`
    const done = await fetch(`${apiUrl}/auth/v1/chooser`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ state, email, name: 'Gail Google' }),
    })
    expect(done.status).toBe(302)
    const id = await withDatabase(async (db) => {
      const { rows } = await db.query('select id from auth.users where email = $1', [email])
      return rows[0].id as string
    })
    expect(await profileOf(id)).toEqual({ name: 'Gail Google', email })
  })
})
