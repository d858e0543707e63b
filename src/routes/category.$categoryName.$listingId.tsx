import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../components/page-header'

export const Route = createFileRoute('/category/$categoryName/$listingId')({
  component: () => (
    <section className="page">
      <PageHeader title="category.$categoryName.$listingId" />
    </section>
  ),
})
