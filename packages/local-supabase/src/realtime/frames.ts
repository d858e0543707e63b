/**
 * Phoenix channel frames as Supabase Realtime speaks them. vsn 1.0.0 sends JSON objects
 * `{topic, event, payload, ref, join_ref}`; vsn 2.0.0 (realtime-js' default) sends JSON arrays
 * `[join_ref, ref, topic, event, payload]`, and a client's own broadcast as a binary frame of kind 3
 * (user broadcast push): a header of lengths, then join_ref, ref, topic, event, metadata and the payload.
 */

export type Vsn = '1.0.0' | '2.0.0'

export type Frame = {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: Record<string, unknown>
}

export type Parsed = { ok: true; frame: Frame } | { ok: false; reason: string }

const USER_BROADCAST_PUSH = 3
const JSON_ENCODING = 1
/** Frames larger than this are refused (hosted's default message size limit is 256 kB). */
export const MAX_FRAME_BYTES = 256 * 1024

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const refOf = (value: unknown): string | null | undefined =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : undefined

function checked(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Parsed {
  const j = refOf(joinRef)
  const r = refOf(ref)
  if (j === undefined || r === undefined) return { ok: false, reason: 'refs must be strings or null' }
  if (typeof topic !== 'string' || topic.length === 0 || topic.length > 255)
    return { ok: false, reason: 'bad topic' }
  if (typeof event !== 'string' || event.length === 0 || event.length > 255)
    return { ok: false, reason: 'bad event' }
  if (!isRecord(payload)) return { ok: false, reason: 'payload must be an object' }
  return { ok: true, frame: { joinRef: j, ref: r, topic, event, payload } }
}

function parseBinary(data: Buffer): Parsed {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return { ok: false, reason: 'unknown binary frame' }
  const [joinRefLength, refLength, topicLength, eventLength, metaLength, encoding] = data.subarray(1, 7)
  let offset = 7
  const take = (length: number | undefined) => {
    const end = offset + (length ?? 0)
    if (end > data.length) throw new Error('binary frame shorter than its header says')
    const text = data.subarray(offset, end).toString('utf8')
    offset = end
    return text
  }
  try {
    const joinRef = take(joinRefLength)
    const ref = take(refLength)
    const topic = take(topicLength)
    const userEvent = take(eventLength)
    const meta = take(metaLength)
    const body = data.subarray(offset)
    if (encoding !== JSON_ENCODING) return { ok: false, reason: 'binary payloads are not supported' }
    const userPayload: unknown = JSON.parse(body.toString('utf8'))
    const payload: Record<string, unknown> = { type: 'broadcast', event: userEvent, payload: userPayload }
    if (meta) payload.meta = JSON.parse(meta)
    return checked(joinRef || null, ref || null, topic, 'broadcast', payload)
  } catch (error) {
    return { ok: false, reason: (error as Error).message }
  }
}

/** One frame from the socket, or why it is not one. */
export function parseFrame(data: Buffer | string, isBinary: boolean, vsn: Vsn): Parsed {
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length
  if (size > MAX_FRAME_BYTES) return { ok: false, reason: 'frame too large' }
  if (isBinary && typeof data !== 'string') {
    if (vsn !== '2.0.0') return { ok: false, reason: 'binary frames need vsn 2.0.0' }
    return parseBinary(data)
  }
  let json: unknown
  try {
    json = JSON.parse(typeof data === 'string' ? data : data.toString('utf8'))
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(json) || json.length !== 5)
      return { ok: false, reason: 'expected [join_ref, ref, topic, event, payload]' }
    return checked(json[0], json[1], json[2], json[3], json[4])
  }
  if (!isRecord(json)) return { ok: false, reason: 'expected an object' }
  return checked(json.join_ref, json.ref, json.topic, json.event, json.payload)
}

/** A frame for the client, in the socket's version. */
export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0')
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload])
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  })
}

/** The topic without realtime-js' `realtime:` prefix: what realtime.topic() returns to policies. */
export function subTopicOf(topic: string): string {
  return topic.startsWith('realtime:') ? topic.slice('realtime:'.length) : topic
}
