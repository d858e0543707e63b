import { createFileRoute } from '@tanstack/react-router'
import { SignInScreen } from '../features/auth-forms/components/sign-in-screen'
import { signInTarget } from '../features/auth-forms/sign-in-target'
import { validateRedirectSearch } from '../utils/safe-redirect'

export const Route = createFileRoute('/sign-in')({
  validateSearch: validateRedirectSearch,
  component: SignInRoute,
})

function SignInRoute() {
  const { redirect, reason } = Route.useSearch()
  return <SignInScreen target={signInTarget(redirect)} redirect={redirect} reason={reason} />
}
