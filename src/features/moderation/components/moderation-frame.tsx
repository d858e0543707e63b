import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageHeader } from '../../../components/page-header'
import './moderation.css'

export const NOT_ALLOWED = 'Only moderators can open the moderation console.'

/** The console's header and its three views; a person without the role sees why they cannot enter. */
export function ModerationFrame({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  if (!allowed)
    return (
      <section className="page" aria-labelledby="moderation-title">
        <PageHeader id="moderation-title" title="Moderation" />
        <p className="moderation__not-allowed" role="alert">
          {NOT_ALLOWED}
        </p>
        <Link to="/">Back to Explore</Link>
      </section>
    )
  return (
    <section className="page moderation" aria-labelledby="moderation-title">
      <PageHeader id="moderation-title" title="Moderation" />
      <nav className="moderation__nav" aria-label="Moderation">
        <Link to="/moderation" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
          Reports
        </Link>
        <Link to="/moderation/audit" activeProps={{ 'aria-current': 'page' }}>
          Audit
        </Link>
        <Link to="/moderation/health" activeProps={{ 'aria-current': 'page' }}>
          Health
        </Link>
      </nav>
      {children}
    </section>
  )
}
