-- What Roost adds to realtime.messages, which the platform owns: only policies.

/**
 * ---------------------------------------------------------------------------
 * Row level security on realtime.messages: who may join which private channel
 * ---------------------------------------------------------------------------
 * Realtime checks these when a channel joins (and when its token is refreshed)
 * with realtime.topic() set to the channel's topic: select to receive
 * broadcasts and presence, insert to send them. People receive the topics
 * live_topic_open_to allows; they send (typing, presence) only in their own
 * conversations. The database's own broadcasts (the send_*_live triggers) are
 * written by the triggers' owner and need no policy. Anonymous visitors join
 * nothing.
 */
create policy "People receive the live updates of what they may read"
  on realtime.messages for select to authenticated
  using (((extension = ANY (ARRAY['broadcast'::text, 'presence'::text])) AND live_topic_open_to(realtime.topic())));

create policy "People type only in their own conversations"
  on realtime.messages for insert to authenticated
  with check (((extension = ANY (ARRAY['broadcast'::text, 'presence'::text])) AND (realtime.topic() ~~ 'conversation:%'::text) AND live_topic_open_to(realtime.topic())));
