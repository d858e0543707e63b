import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { PageHeader } from '../components/page-header'
import { Spinner } from '../components/spinner'
import { SavedHomes } from '../features/saved/components/saved-homes'
import { SavedViews } from '../features/saved-searches/components/saved-views'
import { useUserId } from '../hooks/use-session'

// The saved searches' code loads when their view opens (it is precached, so it opens offline too).
const SavedSearches = lazy(() => import('../features/saved-searches/components/saved-searches'))
// Signed in only: a visitor's Saved tab never loads it (nor the client it reads the profile with).
const SavedHomeAlerts = lazy(() => import('../features/saved-searches/components/saved-home-alerts'))
// Sharing the saved homes: signed in only.
const ShortlistPanel = lazy(() => import('../features/saved/components/shortlist-panel'))

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
  const userId = useUserId()
  const signedIn = userId !== null
  return (
    <div className="page">
      <PageHeader title={searches ? 'Saved searches' : 'Saved homes'} />
      <SavedViews current={searches ? 'searches' : 'homes'} />
      {searches ? (
        <Suspense fallback={<Spinner />}>
          <SavedSearches />
        </Suspense>
      ) : (
        <>
          {signedIn ? (
            <Suspense fallback={null}>
              <SavedHomeAlerts />
              <ShortlistPanel userId={userId} />
            </Suspense>
          ) : null}
          <SavedHomes />
        </>
      )}
    </div>
  )
}
