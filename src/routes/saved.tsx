import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { PageHeader } from '../components/page-header'
import { Spinner } from '../components/spinner'
import { SavedHomes } from '../features/saved/components/saved-homes'
import { SavedViews } from '../features/saved-searches/components/saved-views'

// The saved searches' code loads when their view opens (it is precached, so it opens offline too).
const SavedSearches = lazy(() => import('../features/saved-searches/components/saved-searches'))

type SavedSearchParams = { view?: 'searches' | undefined }

export const Route = createFileRoute('/saved')({
  validateSearch: (raw: Record<string, unknown>): SavedSearchParams => ({
    view: raw.view === 'searches' ? 'searches' : undefined,
  }),
  component: Saved,
})

function Saved() {
  const { view } = Route.useSearch()
  const searches = view === 'searches'
  return (
    <div className="page">
      <PageHeader title={searches ? 'Saved searches' : 'Saved homes'} />
      <SavedViews current={searches ? 'searches' : 'homes'} />
      {searches ? (
        <Suspense fallback={<Spinner />}>
          <SavedSearches />
        </Suspense>
      ) : (
        <SavedHomes />
      )}
    </div>
  )
}
