import { type FormEvent, useState } from 'react'
import { TextField } from '../../../components/text-field'
import { useFormFields } from '../../../hooks/use-form-fields'
import { notify } from '../../../lib/toast'
import type { ProfileDetails as Details } from '../api/get-profile'
import { updateEmail } from '../api/update-email'
import { updateProfileName } from '../api/update-profile-name'
import { PROFILE_MESSAGES as M, profileDetailsSchema } from '../profile-schema'
import './profile.css'

/** Personal Details (spec §4): read-only until 'change'; 'done' saves only what changed. */
export function ProfileDetails({ userId, initial }: { userId: string; initial: Details }) {
  const [saved, setSaved] = useState(initial)
  const [editing, setEditing] = useState(false)
  const [saving, setSaving] = useState(false)
  const form = useFormFields({ name: initial.name, email: initial.email })

  async function saveChanges() {
    const next = form.validate(profileDetailsSchema)
    if (!next) return
    setSaving(true)
    let kept = saved
    if (next.name !== saved.name) {
      try {
        await updateProfileName(userId, next.name)
        kept = { ...kept, name: next.name }
        notify.success(M.nameUpdated)
      } catch {
        notify.error(M.nameNotUpdated)
      }
    }
    if (next.email.toLowerCase() !== saved.email.toLowerCase()) {
      try {
        const { pending } = await updateEmail(next.email)
        if (!pending) kept = { ...kept, email: next.email.toLowerCase() }
        notify.success(M.emailUpdated)
      } catch {
        notify.error(M.emailNotUpdated)
      }
    }
    setSaved(kept)
    form.setValues(kept)
    setSaving(false)
    setEditing(false)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (editing && !saving) void saveChanges()
  }

  return (
    <section className="profile-details" aria-labelledby="personal-details-title">
      <div className="profile-details__header">
        <h2 id="personal-details-title" className="section-title">
          Personal Details
        </h2>
        <button
          type={editing ? 'submit' : 'button'}
          form="personal-details"
          className="profile-details__toggle"
          disabled={saving}
          onClick={(event) => {
            if (!editing) {
              event.preventDefault()
              setEditing(true)
            }
          }}
        >
          {editing ? 'done' : 'change'}
        </button>
      </div>
      <form
        id="personal-details"
        ref={form.formRef}
        className={`form form--card profile-details__form${editing ? ' profile-details__form--editing' : ''}`}
        noValidate
        aria-busy={saving}
        onSubmit={handleSubmit}
      >
        <TextField label="Name" autoComplete="name" readOnly={!editing || saving} {...form.field('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={!editing || saving}
          {...form.field('email')}
        />
      </form>
    </section>
  )
}
