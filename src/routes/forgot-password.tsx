import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../components/page-header'

// Placeholder: the screen itself is built in src/features/auth-forms.
export const Route = createFileRoute('/forgot-password')({
  component: () => (
    <section className="page">
      <PageHeader title="Forgot Password" />
    </section>
  ),
})
