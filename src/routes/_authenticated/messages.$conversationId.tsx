import { createFileRoute, Link } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'
import { ConversationView } from '../../features/messages/components/conversation-view'

export const Route = createFileRoute('/_authenticated/messages/$conversationId')({
  component: Conversation,
})

function Conversation() {
  const { user } = Route.useRouteContext()
  const { conversationId } = Route.useParams()
  return (
    <section
      key={`${user.id}:${conversationId}`}
      className="page page--narrow"
      aria-labelledby="conversation-title"
    >
      <PageHeader
        id="conversation-title"
        title="Conversation"
        actions={
          <>
            <Link to="/viewings" className="button button--ghost">
              Viewings
            </Link>
            <Link to="/messages" className="button button--ghost">
              All messages
            </Link>
          </>
        }
      />
      <ConversationView userId={user.id} conversationId={conversationId} />
    </section>
  )
}
