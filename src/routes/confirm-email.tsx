import { createFileRoute } from '@tanstack/react-router'
import { ConfirmEmailScreen } from '../features/auth-forms/components/confirm-email-screen'
import { safeRedirect } from '../utils/safe-redirect'

/** Where an email confirmation link lands; `next` is the page to go back to (the listing being reported). */
export const Route = createFileRoute('/confirm-email')({
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' ? { next: safeRedirect(search.next) } : {},
  component: ConfirmEmailRoute,
})

function ConfirmEmailRoute() {
  const { next } = Route.useSearch()
  return <ConfirmEmailScreen next={next ?? '/'} />
}
