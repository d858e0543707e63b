import type { AlertChannels } from '../api/alert-channels'

const STOPPED = {
  bounced: 'Emails to your address bounced, so email alerts for this search are off.',
  unsubscribed: 'You unsubscribed from this search’s emails.',
} as const

type AlertChannelsProps = {
  channels: AlertChannels
  /** Offline the choice waits: channels change on the server only. */
  disabled: boolean
  onChange: (channels: Pick<AlertChannels, 'push' | 'email'>) => void
}

/** How a search's alerts reach the person: `Push`, `Email` or both, and why email stopped if it did. */
export function AlertChannelChoice({ channels, disabled, onChange }: AlertChannelsProps) {
  const toggle = (channel: 'push' | 'email') => {
    const next = { push: channels.push, email: channels.email, [channel]: !channels[channel] }
    // One channel at least: turning the last one off is what `Off` is for.
    if (next.push || next.email) onChange(next)
  }
  return (
    <div className="saved-search__channels">
      <fieldset className="saved-search__choices saved-search__channel-set">
        <legend className="visually-hidden">Send alerts by</legend>
        {(['push', 'email'] as const).map((channel) => (
          <button
            key={channel}
            type="button"
            className="saved-search__choice"
            aria-pressed={channels[channel]}
            disabled={disabled}
            onClick={() => toggle(channel)}
          >
            {channel === 'push' ? 'Push' : 'Email'}
          </button>
        ))}
      </fieldset>
      {channels.emailStopped && !channels.email ? (
        <p className="saved-search__pending" role="status">
          {STOPPED[channels.emailStopped]}
        </p>
      ) : null}
    </div>
  )
}
