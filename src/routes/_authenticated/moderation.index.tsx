import { createFileRoute } from '@tanstack/react-router'
import { ModerationReports } from '../../features/moderation/components/moderation-reports'

export const Route = createFileRoute('/_authenticated/moderation/')({
  component: ModerationReports,
})
