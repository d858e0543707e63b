import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'

// Placeholder: the screen itself is built in src/features/listing-form.
export const Route = createFileRoute('/_authenticated/edit-listing/$listingId')({
  component: () => (
    <section className="page">
      <PageHeader title="Edit Listing" />
    </section>
  ),
})
