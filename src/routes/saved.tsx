import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../components/page-header'
import { SavedHomes } from '../features/saved/components/saved-homes'

export const Route = createFileRoute('/saved')({
  component: Saved,
})

function Saved() {
  return (
    <div className="page">
      <PageHeader title="Saved homes" />
      <SavedHomes />
    </div>
  )
}
