import { useCallback, useEffect, useState } from 'react'
import { Button } from '../../../components/button'
import { Spinner } from '../../../components/spinner'
import { notify } from '../../../lib/toast'
import { actionLabel, formatWhen } from '../api/describe'
import { AUDIT_PAGE_SIZE, type AuditRow, getAudit } from '../api/get-audit'

export const AUDIT_FAILED = 'The audit trail could not be loaded. Check your connection and try again.'

/** `Audit`: every decision, appeal and role change, newest first: who, when, on what, why. */
export function ModerationAudit() {
  const [rows, setRows] = useState<AuditRow[] | null>(null)
  const [more, setMore] = useState(false)

  const load = useCallback(async (beforeId: number | null) => {
    try {
      const page = await getAudit(beforeId)
      setRows((now) => (beforeId && now ? [...now, ...page] : page))
      setMore(page.length === AUDIT_PAGE_SIZE)
    } catch {
      notify.error(AUDIT_FAILED)
      setRows((now) => now ?? [])
    }
  }, [])

  useEffect(() => {
    void load(null)
  }, [load])

  if (rows === null) return <Spinner />
  return (
    <div className="moderation__audit">
      <table>
        <caption>Audit trail</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">On</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatWhen(row.at)}</td>
              <td>{row.actor_email ?? 'Service role'}</td>
              <td>{actionLabel(row.action)}</td>
              <td>{row.listing_name ?? row.subject_email ?? ''}</td>
              <td>{[row.reason, row.note].filter(Boolean).join(' — ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more ? (
        <Button variant="secondary" onClick={() => void load(rows.at(-1)?.id ?? null)}>
          Load More
        </Button>
      ) : null}
    </div>
  )
}
