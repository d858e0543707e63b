import { useId, useState } from 'react'
import { queueNote, queueVote, useKeptShortlist } from '../../../device/shortlist'
import { isNetworkError, toAppError } from '../../../lib/errors'
import { notify } from '../../../lib/toast'
import { type HomeNote, type HomeVote, NOTE_MAX_LENGTH, noteTooLong } from '../../../types/shortlist'
import { removeShortlistHome } from '../api/shortlist-remote'
import { shortlistChanged } from './shortlist-sync'

const VOTE_EMOJI = { up: '👍', down: '👎' } as const
const DELETED_USER = 'Deleted user'

/**
 * A saved home's notes: the person's own (`Add a note`, written offline too), the shortlist's others'
 * (`Alex: love the garden`) with each one's 👍 / 👎, and who added the home when it is shared.
 */
export function HomeNotes({ listingId, userId }: { listingId: string; userId: string }) {
  const shortlist = useKeptShortlist(userId)
  const [editing, setEditing] = useState(false)
  if (!shortlist) return null
  const nameOf = (id: string | null) =>
    id === null ? DELETED_USER : (shortlist.members.find((m) => m.userId === id)?.name ?? DELETED_USER)
  const shared = shortlist.members.length > 1
  const home = shortlist.homes.find((h) => h.listingId === listingId)
  const notes = shortlist.notes.filter((n) => n.listingId === listingId)
  const mine = notes.find((n) => n.authorId === userId)
  const others = notes.filter((n) => n.authorId !== userId)
  const vote = (choice: HomeVote) => {
    void queueVote(userId, listingId, mine?.vote === choice ? null : choice).then((kept) => {
      if (kept) shortlistChanged()
      else notify.error('Could not keep this on this device')
    })
  }
  return (
    <div className="home-notes">
      {home && shared && home.addedBy !== userId ? (
        <p className="home-notes__added">Added by {nameOf(home.addedBy)}</p>
      ) : null}
      {others.length > 0 ? (
        <ul className="home-notes__others">
          {others.map((note) => (
            <OtherNote
              key={`${note.authorId ?? 'gone'}-${note.listingId}`}
              note={note}
              name={nameOf(note.authorId)}
            />
          ))}
        </ul>
      ) : null}
      {editing ? (
        <NoteEditor
          initial={mine?.body ?? ''}
          onDone={(body) => {
            setEditing(false)
            if (body === null) return
            void queueNote(userId, listingId, body).then((kept) => {
              if (kept) shortlistChanged()
              else notify.error('Could not keep this note on this device')
            })
          }}
        />
      ) : (
        <>
          {mine?.body ? <p className="home-notes__mine">{mine.body}</p> : null}
          <div className="home-notes__actions">
            <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
              {mine?.body ? 'Edit note' : 'Add a note'}
            </button>
            {(['up', 'down'] as const).map((choice) => (
              <button
                key={choice}
                type="button"
                className="icon-button home-notes__vote"
                aria-pressed={mine?.vote === choice}
                aria-label={choice === 'up' ? 'Thumbs up' : 'Thumbs down'}
                onClick={() => vote(choice)}
              >
                {VOTE_EMOJI[choice]}
              </button>
            ))}
            {home && shared ? (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void remove(userId, listingId)}
              >
                Remove from shortlist
              </button>
            ) : null}
          </div>
        </>
      )}
    </div>
  )
}

/** Removes a home from the shared shortlist for everyone in it (online only: it changes the others' lists). */
async function remove(userId: string, listingId: string): Promise<void> {
  try {
    await removeShortlistHome(listingId)
    shortlistChanged()
    // The server unsaved it for everyone in the shortlist: this device follows.
    void import('../api/sync-saved').then(({ syncSaved }) => syncSaved(userId))
  } catch (error) {
    notify.error(
      isNetworkError(error)
        ? 'Removing a home from the shortlist needs a connection.'
        : toAppError(error).message,
    )
  }
}

function OtherNote({ note, name }: { note: HomeNote; name: string }) {
  return (
    <li>
      {note.body ? `${name}: ${note.body}` : name}
      {note.vote ? ` ${VOTE_EMOJI[note.vote]}` : ''}
    </li>
  )
}

/** The person's note as they write it: refused past 1,000 characters with its length, as the server would. */
function NoteEditor({ initial, onDone }: { initial: string; onDone: (body: string | null) => void }) {
  const [body, setBody] = useState(initial)
  const id = useId()
  const problem = noteTooLong(body)
  return (
    <form
      className="home-notes__editor"
      onSubmit={(event) => {
        event.preventDefault()
        if (!problem) onDone(body.trim())
      }}
    >
      <label htmlFor={id}>Your note</label>
      <textarea id={id} value={body} rows={3} onChange={(event) => setBody(event.target.value)} />
      <p className={problem ? 'home-notes__error' : 'muted'} role={problem ? 'alert' : undefined}>
        {problem ?? `${[...body].length} / ${NOTE_MAX_LENGTH.toLocaleString('en-GB')}`}
      </p>
      <div className="home-notes__actions">
        <button type="submit" className="button button--primary" disabled={problem !== null}>
          Save note
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
