import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageHeader } from '../../../components/page-header'
import './moderation.css'

/** The console's views and their addresses after /moderation/. */
const VIEWS = [
  ['Reports', ''],
  ['Audit', 'audit'],
  ['Health', 'health'],
] as const

export const NOT_ALLOWED = 'Only moderators can open the moderation console.'

/** The console's header and its three views; a person without the role sees why they cannot enter. */
export function ModerationFrame({
  allowed,
  view,
  children,
}: {
  allowed: boolean
  view: string
  children: ReactNode
}) {
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
        {VIEWS.map(([name, splat]) => (
          <Link
            key={name}
            to="/moderation/$"
            params={{ _splat: splat }}
            aria-current={view === splat ? 'page' : undefined}
          >
            {name}
          </Link>
        ))}
      </nav>
      {children}
    </section>
  )
}
