import type { ReactNode } from 'react'

type PageHeaderProps = {
  title: string
  id?: string
  /** Controls shown at the end of the header row (e.g. a Logout button). */
  actions?: ReactNode
}

/** A screen's one h1, with optional actions beside it. */
export function PageHeader({ title, id, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <h1 id={id} className="page-header__title">
        {title}
      </h1>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  )
}
