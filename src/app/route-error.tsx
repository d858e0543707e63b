import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router'
import { Button } from '../components/button'
import { PageHeader } from '../components/page-header'

/** Shown in place of a screen whose loader or render failed. */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section className="page page--centred" aria-labelledby="route-error-title">
      <PageHeader id="route-error-title" title="Something went wrong" />
      <p className="muted">This page could not be shown. Check your connection and try again.</p>
      <div className="actions">
        <Button
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Try again
        </Button>
        <Link to="/" className="button button--ghost">
          Go to Explore
        </Link>
      </div>
    </section>
  )
}
