/** What the app says about drafts. */
export const DRAFT_MESSAGES = {
  saved: 'Saved as a draft. It will publish when you are back online.',
  savedOnline: 'Saved as a draft. Publishing it now…',
  publishing: 'This draft is being published and cannot be changed now.',
  published: 'This draft has already been published.',
  notYours: 'This draft belongs to another account.',
} as const
