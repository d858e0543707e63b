import { useNavigate } from '@tanstack/react-router'
import { notify } from '../../lib/toast'
import { PUBLISHED_MESSAGE, type PublishOutcome } from './publish-outcome'

/** Acts on a publish's outcome: the listing's page, the Profile for a kept draft, a toast, or field errors back to the form. */
export function useFinishPublish() {
  const navigate = useNavigate()
  return async (outcome: PublishOutcome) => {
    if (outcome.status === 'invalid') return outcome.errors
    if (outcome.status === 'failed') {
      notify.error(outcome.message)
      return undefined
    }
    if (outcome.status === 'kept') {
      notify.success(outcome.message)
      await navigate({ to: '/profile' })
      return undefined
    }
    if (outcome.announce !== false) notify.success(PUBLISHED_MESSAGE)
    await navigate({
      to: '/category/$categoryName/$listingId',
      params: { categoryName: outcome.type, listingId: outcome.listingId },
    })
    return undefined
  }
}
