import { createFileRoute } from '@tanstack/react-router'
import { CreateListingScreen } from '../../features/listing-form/components/create-listing-screen'

export const Route = createFileRoute('/_authenticated/create-listing')({
  component: CreateListingRoute,
})

function CreateListingRoute() {
  const { user } = Route.useRouteContext()
  return <CreateListingScreen userId={user.id} />
}
