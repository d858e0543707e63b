import type { ButtonHTMLAttributes } from 'react'

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** `destructive`: an action that loses something, beside others (outlined red); `danger`: the one to confirm it. */
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'destructive'
  block?: boolean
}

/** The app's button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, block ? 'button--block' : '', className ?? '']
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...rest} />
}
