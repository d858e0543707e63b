import { Link } from '@tanstack/react-router'
import { Button } from '../../../components/button'
import { type Draft, useDrafts } from '../../../device/drafts'
import { pluralise } from '../../../utils/pluralise'
import { draftStatusText } from '../draft-status'
import './drafts.css'

export const DRAFTS_MESSAGES = {
  confirmDelete: 'Delete this draft? Its photos will be lost.',
} as const

const draftName = (draft: Draft) => draft.values.name.trim() || 'Untitled draft'

/** Drafts on the Profile: listings kept on this device, how far each has got, and what can be done with it. */
export function DraftsList({ userId }: { userId: string }) {
  const drafts = useDrafts(userId)
  if (drafts.length === 0) return null

  const act = (work: (api: typeof import('../api/draft-actions')) => Promise<void>) => {
    void import('../api/draft-actions').then(work)
  }
  const remove = (draft: Draft) => {
    if (window.confirm(DRAFTS_MESSAGES.confirmDelete)) act((api) => api.removeDraft(draft.id))
  }

  return (
    <section aria-labelledby="drafts-title" className="drafts">
      <h2 id="drafts-title" className="section-title">
        Drafts
      </h2>
      <ul className="drafts__list">
        {drafts.map((draft) => {
          const name = draftName(draft)
          const editable = draft.state === 'waiting' || draft.state === 'needs-attention'
          return (
            <li key={draft.id} className={`drafts__item drafts__item--${draft.state}`}>
              <h3 className="drafts__name">{name}</h3>
              <p className="drafts__status" role="status">
                {draftStatusText(draft)}
              </p>
              {draft.state === 'published' ? null : (
                <p className="drafts__photos">
                  {pluralise(draft.progress.total, 'photo', 'photos')} kept on this device
                </p>
              )}
              <div className="drafts__actions">
                {editable ? (
                  <Link
                    to="/create-listing"
                    search={{ draft: draft.id }}
                    className="button button--secondary"
                    aria-label={`Edit draft ${name}`}
                  >
                    Edit
                  </Link>
                ) : null}
                {editable ? (
                  <Button variant="secondary" onClick={() => act((api) => api.publishDraftNow(draft.id))}>
                    {draft.state === 'needs-attention' ? 'Retry' : 'Publish now'}
                  </Button>
                ) : null}
                {draft.state === 'published' ? (
                  <Link
                    to="/category/$categoryName/$listingId"
                    params={{ categoryName: draft.values.type, listingId: draft.id }}
                    className="button button--secondary"
                  >
                    View
                  </Link>
                ) : null}
                {draft.state !== 'publishing' ? (
                  <Button
                    variant={draft.state === 'published' ? 'secondary' : 'destructive'}
                    className="drafts__remove"
                    aria-label={`Delete draft ${name}`}
                    onClick={() => remove(draft)}
                  >
                    {draft.state === 'published' ? 'Dismiss' : 'Delete'}
                  </Button>
                ) : null}
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
