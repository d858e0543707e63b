import { Link } from '@tanstack/react-router'
import { PageHeader } from './page-header'

type NotFoundProps = {
  title?: string
  message?: string
}

/** A clear dead end with a way back home. */
export function NotFound({
  title = 'Page not found',
  message = 'The page you were looking for does not exist or has moved.',
}: NotFoundProps) {
  return (
    <section className="page page--centred">
      <PageHeader title={title} />
      <p className="muted">{message}</p>
      <Link to="/" className="button button--primary">
        Back to Explore
      </Link>
    </section>
  )
}
