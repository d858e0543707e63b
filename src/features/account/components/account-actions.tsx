import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { PasswordField } from '../../../components/password-field'
import { useUnsentDraftCount } from '../../../device/drafts'
import { forgetDeviceData } from '../../../device/forget-device-data'
import { notify } from '../../../lib/toast'
import { countMyListings, DELETE_ACCOUNT_MESSAGES, deleteMyAccount } from '../api/delete-my-account'
import { DOWNLOAD_MESSAGES, downloadMyData } from '../api/download-my-data'
import './account-actions.css'

export const ACCOUNT_MESSAGES = {
  downloadFailed: 'Could not download your data. Please try again.',
  deleted: 'Your account was deleted.',
  confirm: (listings: number) =>
    `Delete your account, your ${listings} listings and their photos? This cannot be undone.`,
  drafts: (drafts: number) =>
    `${drafts} unsent ${drafts === 1 ? 'draft' : 'drafts'} on this device will be lost too.`,
} as const

function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Your data: Download my data (one JSON file of everything the server holds of the person) and Delete my
 * account, behind a confirmation that names what goes and asks for the password again (or, for a Google
 * account, a fresh Google sign-in). Deleting forgets everything of the account on this device, drafts too,
 * and returns to Explore.
 */
export function AccountActions({ userId, hasPassword }: { userId: string; hasPassword: boolean }) {
  const navigate = useNavigate()
  const unsent = useUnsentDraftCount(userId)
  const dialog = useRef<HTMLDialogElement>(null)
  const [downloading, setDownloading] = useState(false)
  const [listings, setListings] = useState<number | null>(null)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [deleting, setDeleting] = useState(false)

  useEffect(() => {
    if (listings !== null) dialog.current?.showModal()
  }, [listings])

  async function download() {
    setDownloading(true)
    try {
      const { name, blob } = await downloadMyData()
      saveFile(name, blob)
    } catch (error) {
      const tooSoon = (error as { status?: number }).status === 429
      notify.error(tooSoon ? DOWNLOAD_MESSAGES.tooSoon : ACCOUNT_MESSAGES.downloadFailed)
    } finally {
      setDownloading(false)
    }
  }

  async function askToDelete() {
    try {
      setListings(await countMyListings(userId))
    } catch {
      notify.error(DELETE_ACCOUNT_MESSAGES.failed)
    }
  }

  function close() {
    dialog.current?.close()
    setListings(null)
    setPassword('')
    setError(undefined)
  }

  async function confirmDelete(event: FormEvent) {
    event.preventDefault()
    setDeleting(true)
    setError(undefined)
    const outcome = await deleteMyAccount(hasPassword ? password : null)
    if (outcome.status === 'refused') {
      setError(outcome.message)
      setDeleting(false)
      return
    }
    await forgetDeviceData()
    dialog.current?.close()
    notify.success(ACCOUNT_MESSAGES.deleted)
    await navigate({ to: '/', replace: true })
  }

  return (
    <section className="account-actions" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="section-title">
        Your data
      </h2>
      <div className="account-actions__buttons">
        <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
          Download my data
        </Button>
        <Button variant="destructive" onClick={() => void askToDelete()}>
          Delete my account
        </Button>
      </div>
      <dialog
        ref={dialog}
        className="account-actions__dialog"
        aria-labelledby="delete-account-title"
        onClose={() => listings !== null && close()}
      >
        {listings === null ? null : (
          <form onSubmit={(event) => void confirmDelete(event)} noValidate>
            <h2 id="delete-account-title" className="section-title">
              Delete my account
            </h2>
            <p>{ACCOUNT_MESSAGES.confirm(listings)}</p>
            {unsent > 0 ? <p>{ACCOUNT_MESSAGES.drafts(unsent)}</p> : null}
            {hasPassword ? (
              <PasswordField
                label="Password"
                name="password"
                autoComplete="current-password"
                value={password}
                error={error}
                onChange={(event) => setPassword(event.target.value)}
              />
            ) : (
              <p role={error ? 'alert' : undefined}>
                {error ?? 'If you signed in with Google more than a few minutes ago, sign in again first.'}
              </p>
            )}
            <div className="account-actions__buttons">
              <Button variant="secondary" onClick={close} disabled={deleting}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={deleting || (hasPassword && password === '')}>
                Delete my account
              </Button>
            </div>
          </form>
        )}
      </dialog>
    </section>
  )
}
