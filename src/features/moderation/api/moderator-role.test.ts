import { describe, expect, it } from 'vitest'
import { hasModeratorRole } from './moderator-role'

describe('hasModeratorRole', () => {
  it('reads roles from app_metadata', () => {
    expect(hasModeratorRole({ roles: ['moderator'] })).toBe(true)
    expect(hasModeratorRole({ roles: ['support', 'moderator'] })).toBe(true)
    expect(hasModeratorRole({ roles: [] })).toBe(false)
    expect(hasModeratorRole({ role: 'moderator' })).toBe(false)
    expect(hasModeratorRole({ roles: 'moderator' })).toBe(false)
    expect(hasModeratorRole(undefined)).toBe(false)
  })
})
