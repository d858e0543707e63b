import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../components/page-header'

export const Route = createFileRoute('/offers')({
  component: () => (
    <section className="page">
      <PageHeader title="offers" />
    </section>
  ),
})
