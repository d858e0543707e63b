import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'

// Placeholder: the screen itself is built in src/features/profile.
export const Route = createFileRoute('/_authenticated/profile')({
  component: () => (
    <section className="page">
      <PageHeader title="My Profile" />
    </section>
  ),
})
