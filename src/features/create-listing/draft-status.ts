import type { Draft } from '../../device/drafts'

/** How the Drafts block names a draft's state. */
export function draftStatusText(draft: Pick<Draft, 'state' | 'progress' | 'reason'>): string {
  switch (draft.state) {
    case 'waiting':
      return 'Waiting to publish'
    case 'publishing':
      return draft.progress.step === 'upload' || draft.progress.step === 'geocode'
        ? `Publishing… ${draft.progress.uploaded} of ${draft.progress.total} photos`
        : 'Publishing…'
    case 'published':
      return 'Published'
    case 'needs-attention':
      return `Needs attention: ${draft.reason ?? 'the server refused it'}`
  }
}
