import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'
import { ViewingsList } from '../../features/viewings/components/viewings-list'

export const Route = createFileRoute('/_authenticated/viewings')({
  component: Viewings,
})

/** Viewings: the person's booked and requested viewings, as hunter and as landlord; a viewing day works offline. */
function Viewings() {
  const { user } = Route.useRouteContext()
  return (
    <section key={user.id} className="page page--narrow" aria-labelledby="viewings-title">
      <PageHeader id="viewings-title" title="Viewings" />
      <ViewingsList userId={user.id} />
    </section>
  )
}
