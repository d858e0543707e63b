import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../components/page-header'

export const Route = createFileRoute('/contact/$landlordId')({
  component: () => (
    <section className="page">
      <PageHeader title="contact.$landlordId" />
    </section>
  ),
})
