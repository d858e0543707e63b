import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordScreen } from '../features/auth-forms/components/reset-password-screen'

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordScreen,
})
