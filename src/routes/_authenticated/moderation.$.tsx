import { createFileRoute } from '@tanstack/react-router'
import { hasModeratorRole } from '../../features/moderation/api/moderator-role'
import { ModerationConsole } from '../../features/moderation/components/moderation-console'

/**
 * The moderation console: /moderation (Reports), /moderation/audit, /moderation/health. One route, whose
 * screen loads only when opened (code-split), so it adds next to nothing to anyone else's JavaScript. Postgres
 * refuses every moderation call from a non-moderator; the session's role only chooses between the console and
 * the not-allowed screen.
 */
export const Route = createFileRoute('/_authenticated/moderation/$')({
  component: ModerationRoute,
})

function ModerationRoute() {
  const { user } = Route.useRouteContext()
  const { _splat } = Route.useParams()
  return <ModerationConsole allowed={hasModeratorRole(user.app_metadata)} view={_splat ?? ''} />
}
