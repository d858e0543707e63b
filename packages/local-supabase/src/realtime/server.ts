import { randomUUID } from 'node:crypto'
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import pg from 'pg'
import { type WebSocket, WebSocketServer } from 'ws'
import type { StackConfig } from '../config'
import { tokenKeysOf, verifyAccessToken } from '../core/auth/signing-keys'
import { isProjectKey } from '../http/caller'
import { authorizeTopic, NO_RIGHTS, type TopicRights } from './authorize'
import { encodeFrame, type Frame, parseFrame, subTopicOf, type Vsn } from './frames'
import { JoinLimiter } from './limits'

export const REALTIME_PATH = '/realtime/v1/websocket'

/** Most channels one socket may hold at once (hosted: max_channels_per_client, 100). */
export const MAX_CHANNELS_PER_SOCKET = 100
/**
 * Joins waiting for their authorisation at once, over all sockets: past this, a join is refused at once rather
 * than queued, so many sockets flooding joins cannot pile up work (each socket is limited on its own too).
 */
export const MAX_PENDING_JOINS = 256
/** A socket that sends nothing (not even a heartbeat) for this long is closed, as Phoenix does. */
const IDLE_TIMEOUT_MS = 60_000

type Claims = Record<string, unknown> & { role: string }

type Membership = {
  socket: Client
  topic: string
  subTopic: string
  joinRef: string | null
  isPrivate: boolean
  rights: TopicRights
  broadcastSelf: boolean
  broadcastAck: boolean
  presenceKey: string
  presenceMeta?: Record<string, unknown>
  claims: Claims
  expiry?: NodeJS.Timeout
}

type Client = {
  ws: WebSocket
  vsn: Vsn
  /** The token of the API key the socket connected with: what a join without access_token acts as. */
  keyToken: string
  channels: Map<string, Membership>
  limiter: JoinLimiter
  idle?: NodeJS.Timeout
}

export type RealtimeServer = {
  /** Sockets open now. */
  readonly sockets: number
  stop(): Promise<void>
}

const bodyOf = (message: string) => ({ reason: message })

/**
 * The local Realtime service: Phoenix channels over a WebSocket at /realtime/v1/websocket on the API's
 * port, speaking what supabase-js' realtime-js speaks (vsn 1.0.0 and 2.0.0). Private channels only (hosted
 * with "allow public access" off): a join is authorised by the RLS of realtime.messages. Broadcasts that
 * the database writes into realtime.messages (realtime.send, realtime.broadcast_changes) reach the topic's
 * subscribers through LISTEN/NOTIFY; clients' own broadcasts and presence go between sockets directly and
 * are never stored.
 */
export async function startRealtime(opts: {
  config: StackConfig
  server: Server
  ownerUrl: string
  log?: (line: string) => void
}): Promise<RealtimeServer> {
  const { config, server } = opts
  const log = opts.log ?? (() => {})
  const keys = tokenKeysOf(config)
  const authPool = new pg.Pool({
    connectionString: opts.ownerUrl,
    max: 4,
    application_name: 'roost-realtime',
  })
  authPool.on('error', () => {})
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  const clients = new Set<Client>()
  const byTopic = new Map<string, Set<Membership>>()
  let pendingJoins = 0

  const send = (client: Client, frame: Frame) => {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(encodeFrame(frame, client.vsn))
  }
  const reply = (client: Client, frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>) =>
    send(client, {
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    })

  const presenceStateOf = (subTopic: string) => {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {}
    for (const member of byTopic.get(subTopic) ?? []) {
      if (!member.presenceMeta) continue
      const entry = state[member.presenceKey] ?? { metas: [] }
      entry.metas.push(member.presenceMeta)
      state[member.presenceKey] = entry
    }
    return state
  }

  const toTopic = (
    member: Membership,
    event: string,
    payload: Record<string, unknown>,
    filter: (other: Membership) => boolean,
  ) => {
    for (const other of byTopic.get(member.subTopic) ?? []) {
      if (other.isPrivate !== member.isPrivate || !filter(other)) continue
      send(other.socket, { joinRef: other.joinRef, ref: null, topic: other.topic, event, payload })
    }
  }

  const presenceDiff = (
    member: Membership,
    joins: Record<string, unknown>,
    leaves: Record<string, unknown>,
  ) => toTopic(member, 'presence_diff', { joins, leaves }, (other) => other.rights.readPresence)

  const untrack = (member: Membership) => {
    if (!member.presenceMeta) return
    const meta = member.presenceMeta
    member.presenceMeta = undefined
    presenceDiff(member, {}, { [member.presenceKey]: { metas: [meta] } })
  }

  const leave = (member: Membership, closeFrame: boolean) => {
    clearTimeout(member.expiry)
    const members = byTopic.get(member.subTopic)
    members?.delete(member)
    if (members?.size === 0) byTopic.delete(member.subTopic)
    if (member.socket.channels.get(member.topic) === member) member.socket.channels.delete(member.topic)
    untrack(member)
    if (closeFrame) {
      send(member.socket, {
        joinRef: member.joinRef,
        ref: member.joinRef,
        topic: member.topic,
        event: 'phx_close',
        payload: {},
      })
    }
  }

  /** Ends a channel with a system message saying why, as hosted does when a token expires or a check fails. */
  const shutChannel = (member: Membership, message: string) => {
    send(member.socket, {
      joinRef: member.joinRef,
      ref: null,
      topic: member.topic,
      event: 'system',
      payload: { message, status: 'error', extension: 'system', channel: member.subTopic },
    })
    leave(member, true)
  }

  const watchExpiry = (member: Membership) => {
    clearTimeout(member.expiry)
    const exp = member.claims.exp
    if (typeof exp !== 'number') return
    const ms = Math.max(0, exp * 1000 - Date.now())
    member.expiry = setTimeout(
      () => shutChannel(member, 'Token has expired 0 seconds ago'),
      Math.min(ms, 2 ** 31 - 1),
    )
  }

  /** The claims of a token, or the reason hosted gives for refusing it. */
  const claimsOf = async (
    token: string,
  ): Promise<{ ok: true; claims: Claims } | { ok: false; reason: string }> => {
    const verified = await verifyAccessToken(token, keys)
    if (!verified.ok) {
      if (verified.expired) return { ok: false, reason: 'InvalidJWTToken: Token has expired' }
      return { ok: false, reason: `InvalidJWTToken: ${verified.reason}` }
    }
    const role = typeof verified.claims.role === 'string' ? verified.claims.role : 'anon'
    return { ok: true, claims: { ...verified.claims, role } }
  }

  const join = async (client: Client, frame: Frame) => {
    if (!client.limiter.allow()) {
      reply(client, frame, 'error', bodyOf('ClientJoinRateLimitReached: Too many joins per second'))
      if (client.limiter.flooding()) client.ws.close(1008, 'too many joins')
      return
    }
    const existing = client.channels.get(frame.topic)
    if (existing) leave(existing, true)
    if (client.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      reply(client, frame, 'error', bodyOf('ChannelRateLimitReached: Too many channels'))
      return
    }
    const payload = frame.payload
    const joinConfig = (
      typeof payload.config === 'object' && payload.config !== null ? payload.config : {}
    ) as {
      private?: unknown
      broadcast?: { self?: unknown; ack?: unknown }
      presence?: { key?: unknown; enabled?: unknown }
    }
    if (joinConfig.private !== true) {
      reply(client, frame, 'error', bodyOf('PrivateOnly: This project only allows private channels'))
      return
    }
    const token = typeof payload.access_token === 'string' ? payload.access_token : client.keyToken
    const who = await claimsOf(token)
    if (!who.ok) {
      reply(client, frame, 'error', bodyOf(who.reason))
      return
    }
    const subTopic = subTopicOf(frame.topic)
    if (pendingJoins >= MAX_PENDING_JOINS) {
      reply(client, frame, 'error', bodyOf('ClientJoinRateLimitReached: Too many joins per second'))
      return
    }
    let rights: TopicRights
    pendingJoins += 1
    try {
      rights = await authorizeTopic(authPool, who.claims, subTopic)
    } catch (error) {
      log(`realtime: authorisation of ${subTopic} failed: ${(error as Error).message}`)
      reply(client, frame, 'error', bodyOf('Unable to check the channel authorization'))
      return
    } finally {
      pendingJoins -= 1
    }
    if (!rights.readBroadcast && !rights.readPresence) {
      reply(
        client,
        frame,
        'error',
        bodyOf(`Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`),
      )
      return
    }
    if (client.ws.readyState !== client.ws.OPEN) return
    const presenceKey =
      typeof joinConfig.presence?.key === 'string' && joinConfig.presence.key !== ''
        ? joinConfig.presence.key
        : randomUUID()
    const member: Membership = {
      socket: client,
      topic: frame.topic,
      subTopic,
      joinRef: frame.joinRef ?? frame.ref,
      isPrivate: true,
      rights,
      broadcastSelf: joinConfig.broadcast?.self === true,
      broadcastAck: joinConfig.broadcast?.ack === true,
      presenceKey,
      claims: who.claims,
    }
    client.channels.set(frame.topic, member)
    const members = byTopic.get(subTopic) ?? new Set()
    members.add(member)
    byTopic.set(subTopic, members)
    watchExpiry(member)
    reply(client, frame, 'ok', { postgres_changes: [] })
    if (joinConfig.presence?.enabled === true && rights.readPresence) {
      send(client, {
        joinRef: member.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'presence_state',
        payload: presenceStateOf(subTopic),
      })
    }
  }

  const onChannelEvent = async (client: Client, member: Membership, frame: Frame) => {
    const payload = frame.payload
    switch (frame.event) {
      case 'broadcast': {
        if (!member.rights.writeBroadcast) {
          if (member.broadcastAck)
            reply(client, frame, 'error', bodyOf('You do not have permission to broadcast'))
          return
        }
        const out = { type: 'broadcast', event: payload.event, payload: payload.payload ?? {} }
        toTopic(
          member,
          'broadcast',
          out,
          (other) => other.rights.readBroadcast && (other !== member || member.broadcastSelf),
        )
        if (member.broadcastAck && frame.ref) reply(client, frame, 'ok', {})
        return
      }
      case 'presence': {
        if (!member.rights.writePresence) {
          reply(client, frame, 'error', bodyOf('You do not have permission to track presence'))
          return
        }
        if (payload.event === 'track') {
          const previous = member.presenceMeta
          const meta = {
            ...((typeof payload.payload === 'object' && payload.payload) || {}),
            phx_ref: randomUUID(),
          }
          member.presenceMeta = meta
          presenceDiff(
            member,
            { [member.presenceKey]: { metas: [meta] } },
            previous ? { [member.presenceKey]: { metas: [previous] } } : {},
          )
        } else if (payload.event === 'untrack') {
          untrack(member)
        }
        reply(client, frame, 'ok', {})
        return
      }
      case 'access_token': {
        const token = typeof payload.access_token === 'string' ? payload.access_token : ''
        const who = await claimsOf(token)
        if (!who.ok) {
          shutChannel(member, who.reason)
          return
        }
        const rights = await authorizeTopic(authPool, who.claims, member.subTopic).catch(() => NO_RIGHTS)
        if (!rights.readBroadcast && !rights.readPresence) {
          shutChannel(
            member,
            `You do not have permissions to read from this Channel topic: ${member.subTopic}`,
          )
          return
        }
        member.claims = who.claims
        member.rights = rights
        watchExpiry(member)
        return
      }
      case 'phx_leave':
        reply(client, frame, 'ok', {})
        leave(member, true)
        return
      default:
        reply(client, frame, 'error', bodyOf(`unknown event ${frame.event}`))
    }
  }

  const onFrame = async (client: Client, frame: Frame) => {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') reply(client, frame, 'ok', {})
      return
    }
    if (frame.event === 'phx_join') return join(client, frame)
    const member = client.channels.get(frame.topic)
    if (!member) {
      if (frame.event !== 'phx_leave' && frame.event !== 'access_token') {
        reply(client, frame, 'error', bodyOf('unmatched topic'))
      }
      return
    }
    await onChannelEvent(client, member, frame)
  }

  const resetIdle = (client: Client) => {
    clearTimeout(client.idle)
    client.idle = setTimeout(() => client.ws.close(1000, 'heartbeat timeout'), IDLE_TIMEOUT_MS)
  }

  wss.on('connection', (ws: WebSocket, _request: IncomingMessage, vsn: Vsn, keyToken: string) => {
    const client: Client = { ws, vsn, keyToken, channels: new Map(), limiter: new JoinLimiter() }
    clients.add(client)
    resetIdle(client)
    // Frames of one socket are handled in order: a join's answer before the next frame's.
    let queue: Promise<void> = Promise.resolve()
    ws.on('message', (data, isBinary) => {
      resetIdle(client)
      const parsed = parseFrame(data as Buffer, isBinary, vsn)
      if (!parsed.ok) {
        // A malformed frame ends this socket only, as a crashed Phoenix socket process would.
        ws.close(1007, 'malformed frame')
        return
      }
      queue = queue
        .then(() => onFrame(client, parsed.frame))
        .catch((error: Error) => log(`realtime: ${error.message}`))
    })
    ws.on('close', () => {
      clearTimeout(client.idle)
      clients.delete(client)
      for (const member of [...client.channels.values()]) leave(member, false)
    })
    ws.on('error', () => {})
  })

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== REALTIME_PATH) {
      socket.destroy()
      return
    }
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n`)
    }
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0'
    if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0') return refuse(400, 'Bad Request')
    const apikey = url.searchParams.get('apikey') ?? request.headers.apikey
    const key = Array.isArray(apikey) ? apikey[0] : apikey
    if (!key) return refuse(401, 'Unauthorized')
    void isProjectKey(key, config).then((known) => {
      if (!known) return refuse(401, 'Unauthorized')
      const keyToken = key.startsWith('sb_') ? config.anonKey : key
      wss.handleUpgrade(request, socket, head, (ws) =>
        wss.emit('connection', ws, request, vsnParam, keyToken),
      )
    })
  }
  server.on('upgrade', onUpgrade)

  // Broadcasts the database writes: each insert into realtime.messages notifies its id.
  let listener: pg.Client | undefined
  let stopped = false
  const pending = new Set<string>()
  let flushing = false
  const flush = async () => {
    if (flushing) return
    flushing = true
    try {
      while (pending.size > 0) {
        const ids = [...pending]
        pending.clear()
        const { rows } = await authPool.query<{
          id: string
          topic: string
          event: string | null
          payload: Record<string, unknown> | null
          private: boolean | null
        }>(
          `select id::text, topic, event, payload, private from realtime.messages
           where id = any($1::uuid[]) and extension = 'broadcast' order by inserted_at, id`,
          [ids],
        )
        for (const row of rows) {
          const isPrivate = row.private === true
          for (const member of byTopic.get(row.topic) ?? []) {
            if (member.isPrivate !== isPrivate || !member.rights.readBroadcast) continue
            send(member.socket, {
              joinRef: member.joinRef,
              ref: null,
              topic: member.topic,
              event: 'broadcast',
              payload: {
                type: 'broadcast',
                event: row.event,
                payload: row.payload ?? {},
                meta: { id: row.id },
              },
            })
          }
        }
      }
    } catch (error) {
      log(`realtime: delivering broadcasts failed: ${(error as Error).message}`)
    } finally {
      flushing = false
    }
  }
  const listen = async (): Promise<void> => {
    if (stopped) return
    const client = new pg.Client({
      connectionString: opts.ownerUrl,
      application_name: 'roost-realtime-listen',
    })
    client.on('error', () => {})
    client.on('notification', (message) => {
      if (message.payload) pending.add(message.payload)
      void flush()
    })
    client.on('end', () => {
      if (listener === client && !stopped) setTimeout(() => void listen().catch(() => {}), 1_000)
    })
    await client.connect()
    await client.query('listen realtime_messages')
    listener = client
  }
  await listen()
  // Hosted keeps realtime.messages for three days (one partition a day); locally, old rows go at start.
  await authPool
    .query(`delete from realtime.messages where inserted_at < now() - interval '3 days'`)
    .catch(() => {})

  return {
    get sockets() {
      return clients.size
    },
    async stop() {
      stopped = true
      server.off('upgrade', onUpgrade)
      for (const client of clients) {
        clearTimeout(client.idle)
        for (const member of client.channels.values()) clearTimeout(member.expiry)
        client.ws.terminate()
      }
      wss.close()
      await listener?.end().catch(() => {})
      await authPool.end().catch(() => {})
    },
  }
}
