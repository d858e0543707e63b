import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../components/page-header'
import { validateRedirectSearch } from '../utils/safe-redirect'

// Placeholder: the screen itself is built in src/features/auth-forms.
export const Route = createFileRoute('/sign-in')({
  validateSearch: validateRedirectSearch,
  component: () => (
    <section className="page">
      <PageHeader title="Welcome Back" />
    </section>
  ),
})
