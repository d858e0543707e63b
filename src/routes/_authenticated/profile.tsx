import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'
import { getMyListings } from '../../features/listing-form/api/get-my-listings'
import { MY_LISTINGS_MESSAGES, MyListings } from '../../features/listing-form/components/my-listings'
import { getProfile } from '../../features/profile/api/get-profile'
import { LogoutButton } from '../../features/profile/components/logout-button'
import { ProfileDetails } from '../../features/profile/components/profile-details'
import { notify } from '../../lib/toast'

export const Route = createFileRoute('/_authenticated/profile')({
  loader: async ({ context, preload }) => {
    const [profile, listings] = await Promise.all([
      getProfile(context.user),
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

/** My Profile: personal details, the way to sell or rent, and the user's own listings. */
function ProfileRoute() {
  const { userId, profile, listings } = Route.useLoaderData()
  return (
    <section className="page" aria-labelledby="profile-title">
      <PageHeader id="profile-title" title="My Profile" actions={<LogoutButton />} />
      <ProfileDetails key={userId} userId={userId} initial={profile} />
      <MyListings key={`${userId}-listings`} initial={listings} />
    </section>
  )
}
