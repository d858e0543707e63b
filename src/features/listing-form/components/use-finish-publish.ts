import { useNavigate } from '@tanstack/react-router'
import { notify } from '../../../lib/toast'
import { PUBLISHED_MESSAGE } from '../drafts/draft-messages'
import type { PublishOutcome } from '../publish-outcome'

/** Sends the user to the listing's page, or tells them what went wrong; field errors go back to the form. */
export function useFinishPublish() {
  const navigate = useNavigate()
  return async (outcome: PublishOutcome, options: { announce?: boolean } = {}) => {
    if (outcome.status === 'invalid') return outcome.errors
    if (outcome.status === 'failed') {
      notify.error(outcome.message)
      return undefined
    }
    if (options.announce !== false) notify.success(PUBLISHED_MESSAGE)
    await navigate({
      to: '/category/$categoryName/$listingId',
      params: { categoryName: outcome.type, listingId: outcome.listingId },
    })
    return undefined
  }
}
