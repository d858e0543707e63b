import { useState } from 'react'
import { Button } from '../../../components/button'
import { TAKE_DOWN_REASONS, type TakeDownReason } from '../api/decide'

/**
 * The form of `Take down` (a reason from the list and a note) or of `Ask the landlord to fix` (what to fix).
 */
export function DecisionForm({
  kind,
  sending,
  onCancel,
  onSubmit,
}: {
  kind: 'take-down' | 'ask-to-fix'
  sending: boolean
  onCancel: () => void
  onSubmit: (reason: TakeDownReason | null, note: string) => void
}) {
  const [reason, setReason] = useState<TakeDownReason | ''>('')
  const [note, setNote] = useState('')
  const takingDown = kind === 'take-down'
  const ready = takingDown ? reason !== '' : note.trim() !== ''
  return (
    <form
      className="moderation-case__form"
      onSubmit={(event) => {
        event.preventDefault()
        if (ready) onSubmit(reason || null, note)
      }}
    >
      {takingDown ? (
        <label>
          Reason
          <select
            value={reason}
            required
            onChange={(event) => setReason(event.target.value as TakeDownReason)}
          >
            <option value="">Choose a reason</option>
            {TAKE_DOWN_REASONS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        {takingDown ? 'Note' : 'What to fix'}
        <textarea value={note} maxLength={1000} rows={3} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div className="moderation-case__decisions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={takingDown ? 'danger' : 'primary'} disabled={sending || !ready}>
          {takingDown ? 'Confirm take down' : 'Send to the landlord'}
        </Button>
      </div>
    </form>
  )
}
