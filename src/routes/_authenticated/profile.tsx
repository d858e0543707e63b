import { createFileRoute, Link } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'
import { AccountActions } from '../../features/account/components/account-actions'
import { DraftsList } from '../../features/create-listing/components/drafts-list'
import { ListingDecisions } from '../../features/moderation-notices/components/listing-decisions'
import { MyListings } from '../../features/my-listings/components/my-listings'
import { type ProfileDetails as Details, getProfile } from '../../features/profile/api/get-profile'
import { LogoutButton } from '../../features/profile/components/logout-button'
import { ProfileDetails } from '../../features/profile/components/profile-details'
import { ShowEmailSetting } from '../../features/profile/components/show-email-setting'
import { withinReadTimeout } from '../../lib/supabase'

/** How long the profile waits for the server's name and email before the session's stand in. */
const PROFILE_WAIT_MS = 3000

export const Route = createFileRoute('/_authenticated/profile')({
  loader: async ({ context }) => {
    // Offline (or when the server does not answer) the session's own name and email stand in: the profile
    // opens at once with the drafts and listings this device holds.
    const fromSession = (): Details => {
      const name = context.user.user_metadata?.name
      return { name: typeof name === 'string' ? name : '', email: context.user.email ?? '' }
    }
    const profile = navigator.onLine
      ? await withinReadTimeout(getProfile(context.user), PROFILE_WAIT_MS).catch(fromSession)
      : fromSession()
    // An account without a password (Google only) confirms its deletion with a fresh Google sign-in.
    const providers = context.user.app_metadata?.providers
    const hasPassword = !Array.isArray(providers) || providers.includes('email')
    return { userId: context.user.id, profile, hasPassword }
  },
  staleTime: 0,
  component: ProfileRoute,
})

/** My Profile: personal details, drafts kept on this device, the way to sell or rent, and the user's own listings. */
function ProfileRoute() {
  const { userId, profile, hasPassword } = Route.useLoaderData()
  return (
    // Keyed by the user, so that nothing one person typed or loaded stays on screen for the next.
    <section key={userId} className="page" aria-labelledby="profile-title">
      <PageHeader id="profile-title" title="My Profile" actions={<LogoutButton userId={userId} />} />
      {/* The sections a long list of listings would push down, one tap away. */}
      <nav className="profile-sections" aria-label="Profile sections">
        <a href="#your-listings-title">Your Listings</a>
        <a href="#your-data-title">Your data</a>
      </nav>
      <ProfileDetails userId={userId} initial={profile} />
      <ShowEmailSetting userId={userId} />
      <Link to="/viewings" className="button button--secondary button--block">
        Viewings
      </Link>
      <DraftsList userId={userId} />
      <MyListings userId={userId} />
      <ListingDecisions key={userId} />
      <AccountActions userId={userId} hasPassword={hasPassword} />
    </section>
  )
}
