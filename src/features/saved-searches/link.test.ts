import { expect, it } from 'vitest'
import { parseSavedSearchLink } from './link'

it('reads from=<saved search id> and save from /search’s URL, dropping anything else', () => {
  const id = '6F1C2A34-9C1B-4D1E-8A55-0A1B2C3D4E5F'
  expect(parseSavedSearchLink({ from: id, save: true })).toEqual({ from: id.toLowerCase(), save: true })
  expect(parseSavedSearchLink({ from: 'x', save: 'yes' })).toEqual({ from: undefined, save: undefined })
  expect(parseSavedSearchLink({ save: 'true' }).save).toBe(true)
  expect(parseSavedSearchLink({})).toEqual({ from: undefined, save: undefined })
})
