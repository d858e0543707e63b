import { describe, expect, it, vi } from 'vitest'
import { storedOrServer } from './stored-or-server'

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))
const failLater = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error('offline')), ms))

describe("a screen's first data comes from whichever of the device and the server answers first", () => {
  it('the device copy when it is there first; the server is still asked (to refresh it)', async () => {
    const server = vi.fn(() => later(50, 'server'))
    expect(await storedOrServer(later(1, 'stored'), server, true)).toBe('stored')
    expect(server).toHaveBeenCalledOnce()
  })
  it("the server's answer when it comes before the device database has opened", async () => {
    expect(await storedOrServer(later(50, 'stored'), () => later(1, 'server'), true)).toBe('server')
  })
  it("the server's answer when the device holds nothing, however slow", async () => {
    expect(await storedOrServer(later(1, null), () => later(30, 'server'), true)).toBe('server')
  })
  it('the device copy when the server fails first', async () => {
    expect(await storedOrServer(later(30, 'stored'), () => failLater(1), true)).toBe('stored')
  })
  it("the server's error when the device holds nothing either", async () => {
    await expect(storedOrServer(later(1, null), () => failLater(5), true)).rejects.toThrow('offline')
  })
  it('offline, the server is asked only when the device holds nothing', async () => {
    const server = vi.fn(() => later(1, 'server'))
    expect(await storedOrServer(later(1, 'stored'), server, false)).toBe('stored')
    expect(server).not.toHaveBeenCalled()
    expect(await storedOrServer(later(1, null), server, false)).toBe('server')
  })
})
