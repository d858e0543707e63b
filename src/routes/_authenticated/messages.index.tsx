import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'
import { MessagesList } from '../../features/messages/components/messages-list'
import { RoostNotices } from '../../features/moderation-notices/components/roost-notices'

export const Route = createFileRoute('/_authenticated/messages/')({
  component: Messages,
})

/** Messages: the person's conversations, as house hunter and as landlord. */
function Messages() {
  const { user } = Route.useRouteContext()
  return (
    <section key={user.id} className="page page--narrow" aria-labelledby="messages-title">
      <PageHeader id="messages-title" title="Messages" />
      <RoostNotices />
      <MessagesList userId={user.id} />
    </section>
  )
}
