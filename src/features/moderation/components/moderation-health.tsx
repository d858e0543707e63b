import { useEffect, useState } from 'react'
import { Spinner } from '../../../components/spinner'
import { formatAge, formatWhen } from '../api/describe'
import { getQueueHealth, type QueueHealth } from '../api/get-queue-health'

export const HEALTH_FAILED = 'Queue health could not be loaded. Check your connection and try again.'
const REFRESH_MS = 30_000

/** `Health`: each queue and schedule, red when a queue waits over 10 minutes or a schedule misses 3 runs. */
export function ModerationHealth() {
  const [health, setHealth] = useState<QueueHealth | 'failed' | null>(null)

  useEffect(() => {
    let current = true
    const read = () =>
      getQueueHealth().then(
        (figures) => current && setHealth(figures),
        () => current && setHealth((now) => (now && now !== 'failed' ? now : 'failed')),
      )
    void read()
    const timer = setInterval(() => void read(), REFRESH_MS)
    return () => {
      current = false
      clearInterval(timer)
    }
  }, [])

  if (health === null) return <Spinner />
  if (health === 'failed') return <p role="alert">{HEALTH_FAILED}</p>
  return (
    <div className="moderation__health">
      <p role="status">{health.healthy ? 'Every queue is moving.' : 'Something needs attention.'}</p>
      <table>
        <caption>Queues</caption>
        <thead>
          <tr>
            <th scope="col">Queue</th>
            <th scope="col">Waiting</th>
            <th scope="col">Oldest</th>
            <th scope="col">Failed in 24 h</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {health.queues.map((queue) => (
            <tr key={queue.queue} className={queue.red ? 'moderation__red' : undefined}>
              <th scope="row">
                {queue.queue}
                {queue.red ? ' (late)' : ''}
              </th>
              <td>{queue.waiting}</td>
              <td>{formatAge(queue.oldest_seconds)}</td>
              <td>
                {queue.failed_24h}
                {queue.gave_up_24h ? `, ${queue.gave_up_24h} given up` : ''}
              </td>
              <td>
                {queue.errors.map((error) => (
                  <div key={error.error}>
                    {error.items} × {error.error}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>Scheduled functions</caption>
        <thead>
          <tr>
            <th scope="col">Schedule</th>
            <th scope="col">Last run</th>
            <th scope="col">How it ended</th>
            <th scope="col">Failed runs in 24 h</th>
          </tr>
        </thead>
        <tbody>
          {health.schedules.map((schedule) => (
            <tr key={schedule.schedule} className={schedule.red ? 'moderation__red' : undefined}>
              <th scope="row">
                {schedule.schedule}
                {schedule.red ? ' (late)' : ''}
              </th>
              <td>{schedule.last_finished_at ? formatWhen(schedule.last_finished_at) : 'never'}</td>
              <td>
                {schedule.last_outcome ?? '—'}
                {schedule.last_outcome === 'failed' && schedule.last_detail
                  ? `: ${schedule.last_detail}`
                  : ''}
              </td>
              <td>{schedule.failed_24h}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
