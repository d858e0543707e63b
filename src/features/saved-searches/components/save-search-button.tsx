import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { useSession } from '../../../hooks/use-session'
import type { HomeSearch } from '../../../types/home-search'
import { SAVE_SEARCH_LABEL, SAVED_SEARCH_LABEL } from '../save-search-copy'
import './save-search.css'

type Saving =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; name: string; search: string }
  | { status: 'refused'; message: string }

type SaveSearchButtonProps = {
  search: HomeSearch
  /** Save at once once signed in: a visitor pressed Save search and came back from signing in. */
  saveOnArrival: boolean
  /** Called once the save asked for on arrival is done (the route takes `save` out of the URL). */
  onArrivalSaved: () => void
}

/**
 * `Save search` on /search: keeps the search as it is (its URL's parameters) for the signed-in person, named
 * from its filters. A visitor goes to sign in and comes back to the same search, which is then saved. A search
 * the person has saved (here, or opened from Saved) shows its name, and the button reads `Saved` and opens
 * the saved searches, where its settings are: the same search is never saved twice.
 */
export function SaveSearchButton({ search, saveOnArrival, onArrivalSaved }: SaveSearchButtonProps) {
  const session = useSession()
  const userId = session.status === 'signedIn' ? session.user.id : null
  const router = useRouter()
  const [saving, setSaving] = useState<Saving>({ status: 'idle' })
  const arrivalHandled = useRef(false)
  const key = JSON.stringify(search)

  // Whether this search is one the person has saved: the saved-search code loads only for a signed-in person.
  useEffect(() => {
    if (!userId) return
    let current = true
    void import('../api/saved-search-actions')
      .then(({ findSavedSearch }) => findSavedSearch(userId, JSON.parse(key)))
      .then((found) => {
        if (current && found) setSaving({ status: 'saved', name: found.name, search: key })
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [userId, key])

  const save = async (owner: string) => {
    setSaving({ status: 'saving' })
    try {
      const { saveSearch, LIMIT_MESSAGE } = await import('../api/saved-search-actions')
      const result = await saveSearch(owner, search)
      if (result.status === 'saved' || result.status === 'duplicate')
        setSaving({ status: 'saved', name: result.name, search: key })
      else if (result.status === 'limit') setSaving({ status: 'refused', message: LIMIT_MESSAGE })
      else if (result.status === 'refused' && result.message)
        setSaving({ status: 'refused', message: `Not saved: ${result.message}` })
      else setSaving({ status: 'refused', message: 'This device could not keep the search. Try again.' })
    } catch {
      setSaving({ status: 'refused', message: 'This device could not keep the search. Try again.' })
    }
  }

  useEffect(() => {
    if (!saveOnArrival || !userId || arrivalHandled.current) return
    arrivalHandled.current = true
    void save(userId).finally(onArrivalSaved)
  })

  const press = () => {
    if (userId) {
      void save(userId)
      return
    }
    // Back here after signing in, with `save` asking this screen to finish the job.
    const back = router.buildLocation({ to: '/search', search: { ...search, save: true } }).href
    void router.navigate({ to: '/sign-in', search: { redirect: back, reason: 'save-search' } })
  }

  const saved = saving.status === 'saved' && saving.search === key ? saving : null
  return (
    <div className="save-search">
      {saved ? (
        <Link
          to="/saved"
          search={{ view: 'searches' }}
          className="button button--secondary save-search__button"
          aria-label={`${SAVED_SEARCH_LABEL}: ${saved.name}, its settings`}
        >
          <BookmarkIcon filled />
          {SAVED_SEARCH_LABEL}
        </Link>
      ) : (
        <Button
          variant="secondary"
          className="save-search__button"
          onClick={press}
          disabled={saving.status === 'saving' || session.status === 'checking'}
        >
          <BookmarkIcon filled={false} />
          {SAVE_SEARCH_LABEL}
        </Button>
      )}
      <p className="save-search__status" role="status">
        {saved ? `Saved as “${saved.name}”.` : null}
      </p>
      {saving.status === 'refused' ? (
        <p className="save-search__refusal" role="alert">
          {saving.message}
        </p>
      ) : null}
    </div>
  )
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  )
}
