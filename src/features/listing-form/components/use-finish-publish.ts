import { useNavigate } from '@tanstack/react-router'
import { notify } from '../../../lib/toast'
import type { PublishOutcome } from '../publish-listing'

export const PUBLISHED_MESSAGE = 'Listing published!'

/** Sends the user to the listing's page, or tells them what went wrong; field errors go back to the form. */
export function useFinishPublish() {
  const navigate = useNavigate()
  return async (outcome: PublishOutcome) => {
    if (outcome.status === 'invalid') return outcome.errors
    if (outcome.status === 'failed') {
      notify.error(outcome.message)
      return undefined
    }
    notify.success(PUBLISHED_MESSAGE)
    await navigate({
      to: '/category/$categoryName/$listingId',
      params: { categoryName: outcome.type, listingId: outcome.listingId },
    })
    return undefined
  }
}
