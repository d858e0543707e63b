import { useEffect, useState } from 'react'
import { getNotices, type Notice } from '../api/get-notices'
import './moderation-notices.css'

/** Messages from Roost about decisions (a report's outcome, a listing's), above the person's conversations. */
export function RoostNotices() {
  const [notices, setNotices] = useState<Notice[]>([])

  useEffect(() => {
    let current = true
    getNotices().then(
      (rows) => current && setNotices(rows),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [])

  if (notices.length === 0) return null
  return (
    <section className="roost-notices" aria-labelledby="roost-notices-title">
      <h2 id="roost-notices-title" className="section-title">
        From Roost
      </h2>
      <ul className="roost-notices__list">
        {notices.map((notice) => (
          <li key={notice.id} className="roost-notices__notice">
            <p>{notice.body}</p>
            <time dateTime={notice.created_at}>
              {new Date(notice.created_at).toLocaleString('en-GB', {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
            </time>
          </li>
        ))}
      </ul>
    </section>
  )
}
