import { useCallback, useEffect, useState } from 'react'
import { Button } from '../../../components/button'
import { Spinner } from '../../../components/spinner'
import { notify } from '../../../lib/toast'
import { getModerationQueue, type ModerationCase, QUEUE_PAGE_SIZE } from '../api/get-moderation-queue'
import { CaseCard } from './case-card'

export const REPORTS_MESSAGES = {
  empty: 'No listings wait for review.',
  failed: 'The queue could not be loaded. Check your connection and try again.',
} as const

/** `Reports`: listings with open reports and appeals, hidden ones first, each with what a decision needs. */
export function ModerationReports() {
  const [cases, setCases] = useState<ModerationCase[] | null>(null)
  const [more, setMore] = useState(false)
  const [loading, setLoading] = useState(false)

  const load = useCallback(async (after: ModerationCase | null) => {
    setLoading(true)
    try {
      const page = await getModerationQueue(after)
      setCases((now) => (after && now ? [...now, ...page] : page))
      setMore(page.length === QUEUE_PAGE_SIZE)
    } catch {
      notify.error(REPORTS_MESSAGES.failed)
      setCases((now) => now ?? [])
    } finally {
      setLoading(false)
    }
  }, [])

  useEffect(() => {
    void load(null)
  }, [load])

  if (cases === null) return <Spinner />
  const decided = (caseId: number) =>
    setCases((now) => (now ?? []).filter((entry) => entry.caseId !== caseId))
  return (
    <div className="moderation__reports">
      {cases.length === 0 ? <p>{REPORTS_MESSAGES.empty}</p> : null}
      {cases.map((entry) => (
        <CaseCard key={entry.caseId} entry={entry} onDecided={() => decided(entry.caseId)} />
      ))}
      {more ? (
        <Button variant="secondary" disabled={loading} onClick={() => void load(cases.at(-1) ?? null)}>
          Load More
        </Button>
      ) : null}
    </div>
  )
}
