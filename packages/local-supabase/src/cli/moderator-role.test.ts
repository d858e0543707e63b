import { describe, expect, it } from 'vitest'
import { parseModeratorArgs, rolesAfter } from './moderator-role'

describe('npm run moderator', () => {
  it('takes add or remove and one email', () => {
    expect(parseModeratorArgs(['add', 'Ada@Example.com'])).toEqual({
      command: 'add',
      email: 'ada@example.com',
    })
    expect(parseModeratorArgs(['remove', 'ada@example.com'])).toEqual({
      command: 'remove',
      email: 'ada@example.com',
    })
    expect(parseModeratorArgs(['grant', 'ada@example.com'])).toBeNull()
    expect(parseModeratorArgs(['add'])).toBeNull()
    expect(parseModeratorArgs(['add', 'not-an-email'])).toBeNull()
    expect(parseModeratorArgs(['add', 'a@example.com', 'b@example.com'])).toBeNull()
  })

  it('adds the role once and keeps other roles; removing keeps the others', () => {
    expect(rolesAfter(undefined, 'add')).toEqual(['moderator'])
    expect(rolesAfter(['moderator'], 'add')).toEqual(['moderator'])
    expect(rolesAfter(['support', 'moderator'], 'remove')).toEqual(['support'])
    expect(rolesAfter('moderator', 'remove')).toEqual([])
    expect(rolesAfter(['support', 7], 'add')).toEqual(['support', 'moderator'])
  })
})
