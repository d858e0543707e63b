import { Link } from '@tanstack/react-router'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import type { OutboxEntry } from '../../../device/outbox'
import type { SavedSearchAlerts, StoredSavedSearch } from '../../../device/saved-searches'
import type { AlertChannels } from '../api/alert-channels'
import type { PushReach } from '../api/push-alerts'
import {
  discardSavedSearch,
  placeLabelOf,
  removeSavedSearch,
  renameSavedSearch,
  retrySavedSearch,
  setSavedSearchAlerts,
} from '../api/saved-search-actions'
import {
  clipName,
  MAX_NAME_LENGTH,
  type SavedParams,
  savedSearchSummary,
  toSavedParams,
} from '../search-name'
import { AlertChannelChoice } from './alert-channels'

export const DELETE_QUESTION = 'Delete this saved search?'

const ALERT_CHOICES: { value: SavedSearchAlerts; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'instant', label: 'Instant' },
  { value: 'daily', label: 'Daily' },
]

type SavedSearchItemProps = {
  userId: string
  search: StoredSavedSearch
  /** This search's writes still in the outbox (waiting, or refused by the server). */
  writes: OutboxEntry[]
  onReach: (reach: PushReach) => void
  /** How its alerts reach the person (read from the server), and the change of them (online only). */
  channels: AlertChannels
  onChannels: ((channels: Pick<AlertChannels, 'push' | 'email'>) => void) | null
}

/** The label of a saved search's place, once the places have loaded (only for a search with a place). */
function usePlaceLabel(place: number | undefined): string | undefined {
  const [label, setLabel] = useState<{ place: number; label: string | undefined }>()
  useEffect(() => {
    if (place === undefined) return
    let live = true
    void placeLabelOf(place).then((found) => {
      if (live) setLabel({ place, label: found })
    })
    return () => {
      live = false
    }
  }, [place])
  return label && label.place === place ? label.label : undefined
}

/** One saved search: its name (opening it), summary, `N new`, alerts, Rename and Delete. */
export function SavedSearchItem({
  userId,
  search,
  writes,
  onReach,
  channels,
  onChannels,
}: SavedSearchItemProps) {
  const [renaming, setRenaming] = useState(false)
  const renameButton = useRef<HTMLButtonElement>(null)
  const headingId = useId()
  const params: SavedParams = toSavedParams(search.params)
  const placeLabel = usePlaceLabel(params.place)
  const refused = writes.find((entry) => entry.state === 'refused')
  const waiting = !refused && writes.some((entry) => entry.kind !== 'saved-search.open')

  const remove = () => {
    if (window.confirm(DELETE_QUESTION)) void removeSavedSearch(userId, search.id)
  }
  const chooseAlerts = (alerts: SavedSearchAlerts) => {
    if (alerts === search.alerts) return
    void setSavedSearchAlerts(userId, search.id, alerts).then((reach) => {
      if (reach) onReach(reach)
    })
  }
  const closeRename = () => {
    setRenaming(false)
    // Focus returns to the control that opened the form.
    window.requestAnimationFrame(() => renameButton.current?.focus())
  }

  return (
    <li className="saved-search" aria-labelledby={headingId}>
      <div className="saved-search__head">
        <h2 className="saved-search__name" id={headingId}>
          <Link to="/search" search={{ ...params, from: search.id }} className="saved-search__open">
            {search.name}
          </Link>
        </h2>
        {search.newCount > 0 ? <span className="badge saved-search__new">{search.newCount} new</span> : null}
      </div>
      <p className="saved-search__summary">{savedSearchSummary(params, placeLabel)}</p>
      {waiting ? (
        <p className="saved-search__pending">Not sent yet: it will be when you’re back online.</p>
      ) : null}
      {refused ? (
        <div className="saved-search__refusal" role="alert">
          <p>Not saved: {refused.reason ?? 'the server refused this change'}.</p>
          <div className="saved-search__buttons">
            <Button variant="secondary" onClick={() => void retrySavedSearch(userId, search.id)}>
              Try again
            </Button>
            <Button variant="ghost" onClick={() => void discardSavedSearch(userId, search.id)}>
              Undo this change
            </Button>
          </div>
        </div>
      ) : null}
      <fieldset className="saved-search__alerts">
        <legend className="saved-search__legend">Alerts</legend>
        <div className="saved-search__choices">
          {ALERT_CHOICES.map((choice) => (
            <button
              key={choice.value}
              type="button"
              className="saved-search__choice"
              aria-pressed={search.alerts === choice.value}
              onClick={() => chooseAlerts(choice.value)}
            >
              {choice.label}
            </button>
          ))}
        </div>
        {search.alerts === 'off' ? null : (
          <AlertChannelChoice
            channels={channels}
            disabled={onChannels === null}
            onChange={(next) => onChannels?.(next)}
          />
        )}
      </fieldset>
      {renaming ? (
        <RenameForm
          name={search.name}
          onCancel={closeRename}
          onRename={(name) => {
            if (name !== search.name) void renameSavedSearch(userId, search.id, name)
            closeRename()
          }}
        />
      ) : (
        <div className="saved-search__buttons">
          <button
            ref={renameButton}
            type="button"
            className="button button--secondary"
            onClick={() => setRenaming(true)}
            aria-describedby={headingId}
          >
            Rename
          </button>
          <Button variant="destructive" onClick={remove} aria-describedby={headingId}>
            Delete
          </Button>
        </div>
      )}
    </li>
  )
}

function RenameForm({
  name,
  onRename,
  onCancel,
}: {
  name: string
  onRename: (name: string) => void
  onCancel: () => void
}) {
  const [value, setValue] = useState(name)
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const errorId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next = clipName(value)
    if (next.length === 0) {
      setError('Give the search a name')
      return
    }
    onRename(next)
  }
  return (
    <form className="saved-search__rename" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="field__label">
        Name
      </label>
      <input
        id={inputId}
        className="field__input"
        value={value}
        maxLength={MAX_NAME_LENGTH}
        onChange={(event) => {
          setValue(event.target.value)
          setError(null)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel()
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // biome-ignore lint/a11y/noAutofocus: the person asked to rename: the field they type in is focused.
        autoFocus
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      <div className="saved-search__buttons">
        <Button type="submit">Save name</Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
