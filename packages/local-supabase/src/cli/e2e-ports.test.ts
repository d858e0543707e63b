import { describe, expect, it } from 'vitest'
import { e2eSlot, e2eWorkers } from '../config'
import { E2E_MAX_WORKERS, e2eDataDir, e2eDist, e2ePorts } from './e2e-ports'

const slots = Array.from({ length: E2E_MAX_WORKERS }, (_, slot) => slot)

describe('end-to-end stacks, one per worker', () => {
  it('never share a port, a build or a data folder', () => {
    const ports = slots.flatMap((slot) => Object.values(e2ePorts(slot)))
    expect(new Set(ports).size).toBe(ports.length)
    expect(new Set(slots.map(e2eDist)).size).toBe(slots.length)
    expect(new Set(slots.map(e2eDataDir)).size).toBe(slots.length)
  })

  it("stay clear of the integration stacks' 25xxx, 22xxx and 27xxx, the bench's 28xxx and the outgoing range", () => {
    for (const port of slots.flatMap((slot) => Object.values(e2ePorts(slot)))) {
      expect([22, 25, 27, 28]).not.toContain(Math.floor(port / 1000))
      expect(port).toBeLessThan(32768)
    }
  })

  it('refuses a slot past the last stack', () => {
    expect(() => e2ePorts(E2E_MAX_WORKERS)).toThrow(/at most/)
  })

  it("a worker finds its stack from Playwright's parallel index; a server from ROOST_E2E_SLOT", () => {
    expect(e2eSlot({ TEST_PARALLEL_INDEX: '1' })).toBe(1)
    expect(e2eSlot({ ROOST_E2E_SLOT: '2', TEST_PARALLEL_INDEX: '0' })).toBe(2)
    expect(e2eSlot({})).toBe(0)
    expect(() => e2eSlot({ ROOST_E2E_SLOT: 'x' })).toThrow(/ROOST_E2E_SLOT/)
  })

  it('runs one worker unless told otherwise, and at most as many as there are stacks', () => {
    expect(e2eWorkers({})).toBe(2)
    expect(e2eWorkers({ ROOST_E2E_WORKERS: '1' })).toBe(1)
    expect(() => e2eWorkers({ ROOST_E2E_WORKERS: String(E2E_MAX_WORKERS + 1) })).toThrow(/ROOST_E2E_WORKERS/)
  })
})
