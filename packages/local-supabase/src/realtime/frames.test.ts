import { describe, expect, it } from 'vitest'
import { encodeFrame, parseFrame, subTopicOf } from './frames'
import { JOINS_PER_SECOND, JoinLimiter } from './limits'

/** A user broadcast push as realtime-js' 2.0.0 serializer writes it (kind 3, JSON payload). */
function binaryPush(joinRef: string, ref: string, topic: string, event: string, payload: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(payload))
  const head = Buffer.from([3, joinRef.length, ref.length, topic.length, event.length, 0, 1])
  return Buffer.concat([head, Buffer.from(joinRef + ref + topic + event), body])
}

describe('parseFrame', () => {
  it('reads vsn 2.0.0 arrays and vsn 1.0.0 objects', () => {
    const v2 = parseFrame('["1","2","realtime:a","phx_join",{"config":{}}]', false, '2.0.0')
    expect(v2).toEqual({
      ok: true,
      frame: { joinRef: '1', ref: '2', topic: 'realtime:a', event: 'phx_join', payload: { config: {} } },
    })
    const v1 = parseFrame('{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"3"}', false, '1.0.0')
    expect(v1).toEqual({
      ok: true,
      frame: { joinRef: null, ref: '3', topic: 'phoenix', event: 'heartbeat', payload: {} },
    })
  })

  it('reads a binary user broadcast push', () => {
    const parsed = parseFrame(binaryPush('1', '5', 'realtime:t', 'typing', { who: 'x' }), true, '2.0.0')
    expect(parsed).toEqual({
      ok: true,
      frame: {
        joinRef: '1',
        ref: '5',
        topic: 'realtime:t',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'typing', payload: { who: 'x' } },
      },
    })
  })

  it('refuses what is not a frame', () => {
    for (const junk of [
      '{',
      '[]',
      '[1,2,"t","e",{}]',
      '[null,null,"","e",{}]',
      '[null,null,"t","e",[]]',
      '"x"',
    ]) {
      expect(parseFrame(junk, false, '2.0.0').ok).toBe(false)
    }
    expect(parseFrame(Buffer.from([3, 9, 9, 9, 9, 0, 1]), true, '2.0.0').ok).toBe(false)
    expect(parseFrame(Buffer.from([7]), true, '2.0.0').ok).toBe(false)
    expect(parseFrame('x'.repeat(300 * 1024), false, '2.0.0').ok).toBe(false)
  })
})

describe('encodeFrame and topics', () => {
  it('writes the version the socket speaks', () => {
    const frame = { joinRef: '1', ref: null, topic: 't', event: 'broadcast', payload: {} }
    expect(JSON.parse(encodeFrame(frame, '2.0.0'))).toEqual(['1', null, 't', 'broadcast', {}])
    expect(JSON.parse(encodeFrame(frame, '1.0.0'))).toEqual({
      join_ref: '1',
      ref: null,
      topic: 't',
      event: 'broadcast',
      payload: {},
    })
  })

  it('gives policies the topic without the client prefix', () => {
    expect(subTopicOf('realtime:conversation:1')).toBe('conversation:1')
    expect(subTopicOf('conversation:1')).toBe('conversation:1')
  })
})

describe('JoinLimiter', () => {
  it('allows a second’s worth of joins, then refuses until the window moves', () => {
    let now = 0
    const limiter = new JoinLimiter(() => now)
    for (let i = 0; i < JOINS_PER_SECOND; i++) expect(limiter.allow()).toBe(true)
    expect(limiter.allow()).toBe(false)
    now = 1_000
    expect(limiter.allow()).toBe(true)
  })

  it('calls a socket flooding when refusals pile up', () => {
    const limiter = new JoinLimiter(() => 0)
    for (let i = 0; i < JOINS_PER_SECOND * 4; i++) limiter.allow()
    expect(limiter.flooding()).toBe(true)
  })
})
