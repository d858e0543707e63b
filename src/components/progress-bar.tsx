import './forms.css'

type ProgressBarProps = {
  /** What is in progress, e.g. "Uploading images". */
  label: string
  /** 0 to 100. */
  percent: number
  /** Said instead of the bare percentage, e.g. "2 of 4 images". */
  valueText?: string
}

/** A determinate progress bar that assistive technology reads as a percentage or as valueText. */
export function ProgressBar({ label, percent, valueText }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)))
  return (
    <div className="progress">
      <div className="progress__label">
        <span>{label}</span>
        <span>{valueText ?? `${value}%`}</span>
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={valueText}
      >
        <div className="progress__fill" style={{ width: `${value}%` }} />
      </div>
    </div>
  )
}
