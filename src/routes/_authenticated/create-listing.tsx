import { createFileRoute } from '@tanstack/react-router'
import { CreateListingScreen } from '../../features/create-listing/components/create-listing-screen'
import { notify } from '../../lib/toast'

type CreateListingSearch = { draft?: string }

export const DRAFT_NOT_FOUND = 'That draft is not on this device any more.'

export const Route = createFileRoute('/_authenticated/create-listing')({
  validateSearch: (search: Record<string, unknown>): CreateListingSearch =>
    typeof search.draft === 'string' && search.draft !== '' ? { draft: search.draft } : {},
  loaderDeps: ({ search }) => ({ draft: search.draft }),
  // A draft opens from this device's database (Dexie loads only then), so it opens offline too.
  loader: async ({ deps, context, preload }) => {
    if (!deps.draft) return { draft: null }
    const { openDraft } = await import('../../features/create-listing/api/open-draft')
    const draft = await openDraft(deps.draft, context.user.id).catch(() => null)
    if (!draft && !preload) notify.error(DRAFT_NOT_FOUND)
    return { draft }
  },
  staleTime: 0,
  gcTime: 0,
  component: CreateListingRoute,
})

function CreateListingRoute() {
  const { user } = Route.useRouteContext()
  const { draft } = Route.useLoaderData()
  return <CreateListingScreen key={draft?.id ?? 'new'} userId={user.id} draft={draft} />
}
