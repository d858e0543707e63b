import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'
import { JoinShortlist } from '../../features/saved/components/join-shortlist'

// An invitation link: the guard signs the person in first, then this page joins them.
export const Route = createFileRoute('/_authenticated/join/$token')({
  component: Join,
})

function Join() {
  const { token } = Route.useParams()
  return (
    <section className="page page--narrow" aria-labelledby="join-title">
      <PageHeader id="join-title" title="Join a shortlist" />
      <JoinShortlist token={token} />
    </section>
  )
}
