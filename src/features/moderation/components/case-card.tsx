import { useId, useState } from 'react'
import { Button } from '../../../components/button'
import { notify } from '../../../lib/toast'
import {
  ALREADY_DECIDED,
  askToFix,
  keepListed,
  PHOTOS_LEFT_STATUS,
  removeTakenDownPhotos,
  takeDown,
} from '../api/decide'
import type { ModerationCase } from '../api/get-moderation-queue'
import { CaseDetails } from './case-details'
import { DecisionForm } from './decision-form'

export const DECISION_MESSAGES = {
  keptListed: (name: string) => `"${name}" stays listed.`,
  takenDown: (name: string) => `"${name}" was taken down.`,
  askedToFix: (name: string) => `We asked the landlord to fix "${name}".`,
  ownAppeal: 'You made the decision under appeal: another moderator decides it.',
  photosLeft: 'The listing was taken down, but its photos could not all be removed.',
  photosRemoved: 'Its photos are removed.',
  failed: 'The decision could not be saved. Please try again.',
} as const

type Step = 'choose' | 'take-down' | 'ask-to-fix' | 'photos-left'

/** One listing in the queue: what a decision needs to know, and the three decisions. */
export function CaseCard({ entry, onDecided }: { entry: ModerationCase; onDecided: () => void }) {
  const titleId = useId()
  const [step, setStep] = useState<Step>('choose')
  const [sending, setSending] = useState(false)
  const blocked = entry.appeal !== null && !entry.appeal.can_decide
  const name = entry.listingName

  async function decide(work: () => Promise<void>, done: string) {
    setSending(true)
    try {
      await work()
      notify.success(done)
      onDecided()
    } catch (error) {
      const message = error instanceof Error ? error.message : ''
      if ((error as { status?: number }).status === PHOTOS_LEFT_STATUS) {
        notify.error(DECISION_MESSAGES.photosLeft)
        setStep('photos-left')
      } else if (message === ALREADY_DECIDED) {
        notify.error(ALREADY_DECIDED)
        onDecided()
      } else notify.error(message || DECISION_MESSAGES.failed)
    } finally {
      setSending(false)
    }
  }

  return (
    <article className="moderation-case" aria-labelledby={titleId}>
      <h2 id={titleId} className="moderation-case__title">
        {name}
      </h2>
      <CaseDetails entry={entry} />
      {step === 'photos-left' ? (
        <div className="moderation-case__decisions">
          <p>{DECISION_MESSAGES.photosLeft}</p>
          <Button
            disabled={sending}
            onClick={() =>
              void decide(() => removeTakenDownPhotos(entry.caseId), DECISION_MESSAGES.photosRemoved)
            }
          >
            Remove its photos again
          </Button>
        </div>
      ) : blocked ? (
        <p role="note">{DECISION_MESSAGES.ownAppeal}</p>
      ) : step === 'choose' ? (
        <div className="moderation-case__decisions">
          <Button
            disabled={sending}
            onClick={() =>
              void decide(() => keepListed(entry.caseId, ''), DECISION_MESSAGES.keptListed(name))
            }
          >
            Keep listed
          </Button>
          <Button variant="destructive" disabled={sending} onClick={() => setStep('take-down')}>
            Take down
          </Button>
          <Button variant="secondary" disabled={sending} onClick={() => setStep('ask-to-fix')}>
            Ask the landlord to fix
          </Button>
        </div>
      ) : (
        <DecisionForm
          kind={step}
          sending={sending}
          onCancel={() => setStep('choose')}
          onSubmit={(reason, note) =>
            void (reason
              ? decide(() => takeDown(entry.caseId, reason, note), DECISION_MESSAGES.takenDown(name))
              : decide(() => askToFix(entry.caseId, note), DECISION_MESSAGES.askedToFix(name)))
          }
        />
      )}
    </article>
  )
}
