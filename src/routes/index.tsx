import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../components/page-header'

export const Route = createFileRoute('/')({
  component: () => (
    <section className="page">
      <PageHeader title="Explore" />
    </section>
  ),
})
