import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

export type QueueFigures = {
  queue: string
  waiting: number
  oldest_seconds: number | null
  failed_24h: number
  gave_up_24h: number
  errors: { error: string; items: number; gave_up: number }[]
  red: boolean
}

export type ScheduleFigures = {
  schedule: string
  period_seconds: number
  last_finished_at: string | null
  last_outcome: 'ok' | 'failed' | null
  last_detail: string | null
  failed_24h: number
  red: boolean
}

export type QueueHealth = {
  checked_at: string
  healthy: boolean
  queues: QueueFigures[]
  schedules: ScheduleFigures[]
}

/** Every queue's and schedule's figures (public.queue_health). */
export async function getQueueHealth(): Promise<QueueHealth> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('queue_health')
  if (error) throw toAppError(error)
  return data as unknown as QueueHealth
}
