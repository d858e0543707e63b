import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'
import { getMyListings } from '../../features/listing-form/api/get-my-listings'
import { MY_LISTINGS_MESSAGES, MyListings } from '../../features/listing-form/components/my-listings'
import { DraftsList } from '../../features/listing-form/drafts/components/drafts-list'
import { type ProfileDetails as Details, getProfile } from '../../features/profile/api/get-profile'
import { LogoutButton } from '../../features/profile/components/logout-button'
import { ProfileDetails } from '../../features/profile/components/profile-details'
import { notify } from '../../lib/toast'

export const Route = createFileRoute('/_authenticated/profile')({
  loader: async ({ context, preload }) => {
    // Offline the profile still opens (drafts live on it): the session's own name and email stand in.
    const fromSession = (): Details => {
      const name = context.user.user_metadata?.name
      return { name: typeof name === 'string' ? name : '', email: context.user.email ?? '' }
    }
    const [profile, listings] = await Promise.all([
      getProfile(context.user).catch(fromSession),
      getMyListings(context.user.id).catch(() => {
        if (!preload) notify.error(MY_LISTINGS_MESSAGES.loadFailed)
        return null
      }),
    ])
    return { userId: context.user.id, profile, listings }
  },
  staleTime: 0,
  component: ProfileRoute,
})

/** My Profile: personal details, drafts kept on this device, the way to sell or rent, and the user's own listings. */
function ProfileRoute() {
  const { userId, profile, listings } = Route.useLoaderData()
  return (
    <section className="page" aria-labelledby="profile-title">
      <PageHeader id="profile-title" title="My Profile" actions={<LogoutButton userId={userId} />} />
      <ProfileDetails key={userId} userId={userId} initial={profile} />
      <DraftsList userId={userId} />
      <MyListings key={`${userId}-listings`} initial={listings} />
    </section>
  )
}
