import { ModerationAudit } from './moderation-audit'
import { ModerationFrame } from './moderation-frame'
import { ModerationHealth } from './moderation-health'
import { ModerationReports } from './moderation-reports'

export const UNKNOWN_VIEW = 'There is no such page in the moderation console.'

/** The console's view for the address after /moderation/: Reports (none), `audit` or `health`. */
export function ModerationConsole({ allowed, view }: { allowed: boolean; view: string }) {
  const path = view.replace(/\/+$/, '')
  return (
    <ModerationFrame allowed={allowed} view={path}>
      {path === '' ? (
        <ModerationReports />
      ) : path === 'audit' ? (
        <ModerationAudit />
      ) : path === 'health' ? (
        <ModerationHealth />
      ) : (
        <p role="alert">{UNKNOWN_VIEW}</p>
      )}
    </ModerationFrame>
  )
}
