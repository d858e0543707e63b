import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { Button } from '../../../components/button'
import { useUserId } from '../../../hooks/use-session'
import { notify } from '../../../lib/toast'
import { askForReview } from '../api/ask-for-review'
import { describeDecision, reviewState } from '../api/describe-decision'
import { getMyDecisions, type ListingDecision } from '../api/get-my-decisions'
import './moderation-notices.css'

export const REVIEW_MESSAGES = {
  asked: 'We will review it again. A different moderator decides.',
  failed: 'Your request could not be sent. Please try again.',
} as const

/** On Your Listings: what moderators decided about the landlord's listings, and `Ask for a review`. */
export function ListingDecisions() {
  const userId = useUserId()
  const [decisions, setDecisions] = useState<ListingDecision[]>([])

  const load = useCallback(
    () =>
      getMyDecisions().then(
        (rows) => setDecisions(rows),
        () => undefined,
      ),
    [],
  )
  useEffect(() => {
    void load()
  }, [load])
  // Live: a decision hides or lists one of the person's listings (event `my_listing` on their own topic).
  useEffect(() => {
    if (!userId) return
    let live = true
    let stop: (() => void) | undefined
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (!live) return
      stop = watchLive(`user:${userId}`, {
        onEvent: ({ event, payload }) => {
          if (event === 'my_listing' && 'held' in payload) void load()
        },
      })
    })
    return () => {
      live = false
      stop?.()
    }
  }, [userId, load])

  if (decisions.length === 0) return null
  return (
    <section className="listing-decisions" aria-labelledby="listing-decisions-title">
      <h2 id="listing-decisions-title" className="section-title">
        Decisions about your listings
      </h2>
      <ul className="listing-decisions__list">
        {decisions.map((decision) => (
          <DecisionItem key={decision.decisionId} decision={decision} onAsked={() => void load()} />
        ))}
      </ul>
    </section>
  )
}

function DecisionItem({ decision, onAsked }: { decision: ListingDecision; onAsked: () => void }) {
  const [asking, setAsking] = useState(false)
  const [note, setNote] = useState('')
  const [sending, setSending] = useState(false)
  const state = reviewState(decision)

  async function send(event: FormEvent) {
    event.preventDefault()
    setSending(true)
    try {
      await askForReview(decision.decisionId, note)
      notify.success(REVIEW_MESSAGES.asked)
      setAsking(false)
      onAsked()
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : REVIEW_MESSAGES.failed)
    } finally {
      setSending(false)
    }
  }

  return (
    <li className="listing-decisions__decision">
      <p>{describeDecision(decision)}</p>
      {state ? <p className="listing-decisions__state">{state}</p> : null}
      {decision.canAskForReview && !asking ? (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Ask for a review
        </Button>
      ) : null}
      {asking ? (
        <form onSubmit={(event) => void send(event)}>
          <label className="listing-decisions__note">
            Why should we look again?
            <textarea
              value={note}
              maxLength={1000}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          <div className="listing-decisions__buttons">
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending}>
              Send
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  )
}
