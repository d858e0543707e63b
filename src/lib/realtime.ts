import type { RealtimeChannel } from '@supabase/supabase-js'
import { getSupabase } from './supabase'

/**
 * Live updates: the one way a screen hears what changed on the server. Each topic is a private Supabase
 * Realtime channel (RLS on realtime.messages decides who may join it), joined once however many screens
 * watch it. A screen re-reads what it shows when told something changed, and after every join and re-join
 * (the socket came back, the token was refreshed): what happened while it was away arrives with that read,
 * so nothing is missed, and since screens merge what they read by id, nothing shows twice.
 *
 * Topics: `user:<id>` (own conversations, unread count, saved homes), `conversation:<id>` (new messages,
 * reads, typing), `listing:<id>` (status and price), `shortlist:<id>` (a shared shortlist's homes, notes, votes
 * and members).
 */

export type LiveEvent = { event: string; payload: Record<string, unknown> }

export type LiveWatch = {
  /** Something happened on the topic. */
  onEvent(event: LiveEvent): void
  /** The channel joined or re-joined: re-read now. */
  onJoined?(): void
}

type Topic = { watchers: Set<LiveWatch>; channel?: RealtimeChannel; closed: boolean }

const topics = new Map<string, Topic>()

async function open(name: string, topic: Topic): Promise<void> {
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  // Private channels need a signed-in person; a visitor has nothing live to join (a later watch tries again).
  if (!data.session && topics.get(name) === topic) topics.delete(name)
  if (topic.closed || !data.session) return
  await supabase.realtime.setAuth()
  if (topic.closed) return
  topic.channel = supabase
    .channel(name, { config: { private: true } })
    .on('broadcast', { event: '*' }, ({ event, payload }) => {
      for (const watcher of topic.watchers) watcher.onEvent({ event, payload: payload ?? {} })
    })
    .subscribe((status) => {
      if (status !== 'SUBSCRIBED') return
      for (const watcher of topic.watchers) watcher.onJoined?.()
    })
}

/** Watches a topic until the returned function is called. */
export function watchLive(name: string, watcher: LiveWatch): () => void {
  let topic = topics.get(name)
  if (!topic) {
    const fresh: Topic = { watchers: new Set(), closed: false }
    topics.set(name, fresh)
    void open(name, fresh).catch(() => undefined)
    topic = fresh
  } else if (topic.channel?.state === 'joined') {
    // Already joined for another screen: this one reads now, as it would after its own join.
    queueMicrotask(() => watcher.onJoined?.())
  }
  const watched = topic
  watched.watchers.add(watcher)
  return () => {
    watched.watchers.delete(watcher)
    if (watched.watchers.size > 0) return
    watched.closed = true
    topics.delete(name)
    const channel = watched.channel
    if (channel) void getSupabase().then((supabase) => supabase.removeChannel(channel))
  }
}

/** Sends a broadcast that is never stored (typing): to the others on the topic, if it is joined. */
export function sendLive(name: string, event: string, payload: Record<string, unknown>): void {
  const channel = topics.get(name)?.channel
  if (channel?.state !== 'joined') return
  void channel.send({ type: 'broadcast', event, payload }).catch(() => undefined)
}
