import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { Button } from '../../../components/button'
import { notify } from '../../../lib/toast'
import {
  fetchOfferedTimes,
  offerTimes,
  removeTime,
  setConfirmEach,
  type ViewingTime,
} from '../api/viewings-remote'
import { describeRun, MAX_OPEN_TIMES, slotStarts, VIEWING_LENGTHS, type ViewingLength } from '../slot-run'
import { formatViewingTime, londonDate } from '../viewing-time'
import './viewings.css'

/**
 * `Viewing times` of a landlord's listing: add a time or a run of them (`Saturday 10:00–12:00, every 20
 * minutes`), choose `Book instantly` or `I confirm each request`, remove a time (its booking, if any, is
 * cancelled with a message). Past times are not shown; the database keeps every rule.
 */
export function ViewingTimesEditor({ listingId }: { listingId: string }) {
  const [times, setTimes] = useState<ViewingTime[] | null>(null)
  const [confirmEach, setConfirm] = useState(false)
  const [date, setDate] = useState(() => londonDate(new Date(Date.now() + 24 * 3600_000)))
  const [from, setFrom] = useState('10:00')
  const [to, setTo] = useState('')
  const [minutes, setMinutes] = useState<ViewingLength>(20)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  const load = useCallback(async () => {
    const offered = await fetchOfferedTimes(listingId)
    setTimes(offered)
    if (offered[0]) setConfirm(offered[0].confirmEach)
  }, [listingId])
  useEffect(() => {
    load().catch(() => setTimes([]))
  }, [load])

  const run = { date, from, to: to || from, minutes }
  const starts = slotStarts(run)

  const add = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setRefusal(null)
    try {
      await offerTimes(listingId, starts, minutes, confirmEach)
      notify.success(starts.length === 1 ? 'Viewing time added' : `${starts.length} viewing times added`)
      await load()
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  const chooseMode = async (confirm: boolean) => {
    setConfirm(confirm)
    try {
      await setConfirmEach(listingId, confirm)
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error))
    }
  }

  const remove = async (time: ViewingTime) => {
    try {
      await removeTime(time.id)
      notify.info('Viewing time removed')
      await load()
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <div className="viewing-times">
      <fieldset className="viewing-times__mode">
        <legend>How people book</legend>
        <label>
          <input
            type="radio"
            name="viewing-mode"
            checked={!confirmEach}
            onChange={() => void chooseMode(false)}
          />{' '}
          Book instantly
        </label>
        <label>
          <input
            type="radio"
            name="viewing-mode"
            checked={confirmEach}
            onChange={() => void chooseMode(true)}
          />{' '}
          I confirm each request
        </label>
      </fieldset>

      <form className="viewing-times__form" onSubmit={(event) => void add(event)}>
        <label>
          Date
          <input type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <label>
          Start
          <input type="time" required value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          Until (for a run)
          <input type="time" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          Length
          <select value={minutes} onChange={(e) => setMinutes(Number(e.target.value) as ViewingLength)}>
            {VIEWING_LENGTHS.map((length) => (
              <option key={length} value={length}>
                {length} minutes
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={busy || starts.length === 0}>
          Add {starts.length === 1 ? 'time' : `${starts.length} times`}
        </Button>
      </form>
      <p className="viewing-times__preview">{describeRun(run)}</p>
      {refusal ? (
        <p className="book-viewing__refused" role="alert">
          {refusal}
        </p>
      ) : null}

      <h2 className="section-title">Open times</h2>
      {times === null ? (
        <p>Loading times…</p>
      ) : times.length === 0 ? (
        <p>No open viewing times.</p>
      ) : (
        <>
          <p>
            {times.length} of {MAX_OPEN_TIMES} open times
          </p>
          <ul className="viewing-times__list">
            {times.map((time) => (
              <li key={time.id}>
                <span>
                  {formatViewingTime(time.startsAt)} ({time.minutes} minutes)
                </span>
                <Button
                  variant="ghost"
                  aria-label={`Remove ${formatViewingTime(time.startsAt)}`}
                  onClick={() => void remove(time)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
