import { Button } from '../button'
import { ProgressBar } from '../progress-bar'
import { Spinner } from '../spinner'

type ListingFormActionsProps = {
  mode: 'create' | 'edit'
  submitting: boolean
  /** Photos uploaded so far while publishing, when some are uploading. */
  uploading: { done: number; total: number } | null
  onSaveDraft: (() => void) | undefined
}

/** The upload's progress, the submit button and, on create, Save as draft. */
export function ListingFormActions({ mode, submitting, uploading, onSaveDraft }: ListingFormActionsProps) {
  return (
    <>
      {uploading ? (
        <ProgressBar
          label="Uploading images"
          percent={(uploading.done / uploading.total) * 100}
          valueText={`${uploading.done} of ${uploading.total}`}
        />
      ) : null}
      <Button type="submit" block disabled={submitting}>
        {submitting ? (
          <>
            <Spinner size="small" />
            Publishing…
          </>
        ) : mode === 'create' ? (
          'Create Listing'
        ) : (
          'Edit Listing'
        )}
      </Button>
      {onSaveDraft ? (
        <Button variant="secondary" block disabled={submitting} onClick={onSaveDraft}>
          Save as draft
        </Button>
      ) : null}
    </>
  )
}
