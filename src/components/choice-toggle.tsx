import './forms.css'

type Choice<T> = { value: T; label: string }

type ChoiceToggleProps<T> = {
  legend: string
  choices: readonly Choice<T>[]
  value: T
  onChange: (value: T) => void
  disabled?: boolean
}

/** Two or more exclusive choices shown as toggle buttons (e.g. Sell/Rent, Yes/No); the chosen one is pressed. */
export function ChoiceToggle<T extends string | boolean>({
  legend,
  choices,
  value,
  onChange,
  disabled,
}: ChoiceToggleProps<T>) {
  return (
    <fieldset className="choice">
      <legend className="field__label">{legend}</legend>
      <div className="choice__buttons">
        {choices.map((choice) => (
          <button
            key={String(choice.value)}
            type="button"
            className="choice__button"
            aria-pressed={choice.value === value}
            disabled={disabled}
            onClick={() => onChange(choice.value)}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </fieldset>
  )
}
