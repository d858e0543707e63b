/** What the app says about edits of published listings (those in backquotes in issue #28 are exact). */
export const EDIT_MESSAGES = {
  waiting: 'Waiting to sync',
  deleted: 'This listing was deleted',
  deletedHelp: 'Your changes were not saved. Your text is below to copy.',
  conflict: 'This listing changed while you were editing it',
  conflictHelp: 'Choose, for each difference, which version to keep.',
  changedElsewhereHelp:
    'It was changed on another phone or tab. What you typed is kept: press Compare to choose, for each difference, which version to keep.',
  conflictOffline:
    'You are offline. Your change and the listing as it is now show here when you are back online.',
  refused: (reason: string) => `Your change was not saved: ${reason}`,
  imagesRequired: 'Keep at least one photo',
} as const
