import { createFileRoute } from '@tanstack/react-router'
import { ModerationHealth } from '../../features/moderation/components/moderation-health'

export const Route = createFileRoute('/_authenticated/moderation/health')({
  component: ModerationHealth,
})
