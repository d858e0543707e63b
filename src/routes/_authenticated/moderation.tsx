import { createFileRoute, Outlet } from '@tanstack/react-router'
import { hasModeratorRole } from '../../features/moderation/api/moderator-role'
import { ModerationFrame } from '../../features/moderation/components/moderation-frame'

/**
 * The moderation console (Reports, Audit, Health). Its screens load only when opened (code-split), so they
 * add nothing to anyone else's JavaScript. Postgres refuses every moderation call from a non-moderator; the
 * session's role only chooses between the console and the not-allowed screen.
 */
export const Route = createFileRoute('/_authenticated/moderation')({
  component: ModerationRoute,
})

function ModerationRoute() {
  const { user } = Route.useRouteContext()
  return (
    <ModerationFrame allowed={hasModeratorRole(user.app_metadata)}>
      <Outlet />
    </ModerationFrame>
  )
}
