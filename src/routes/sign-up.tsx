import { createFileRoute } from '@tanstack/react-router'
import { SignUpScreen } from '../features/auth-forms/components/sign-up-screen'
import { signInTarget } from '../features/auth-forms/sign-in-target'
import { validateRedirectSearch } from '../utils/safe-redirect'

export const Route = createFileRoute('/sign-up')({
  validateSearch: validateRedirectSearch,
  component: SignUpRoute,
})

function SignUpRoute() {
  const { redirect } = Route.useSearch()
  return <SignUpScreen target={signInTarget(redirect)} redirect={redirect} />
}
