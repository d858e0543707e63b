import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'

// Placeholder: the screen itself is built in src/features/listing-form.
export const Route = createFileRoute('/_authenticated/create-listing')({
  component: () => (
    <section className="page">
      <PageHeader title="Create a Listing" />
    </section>
  ),
})
