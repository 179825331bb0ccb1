import { useLingui } from '@lingui/react'
import { useEffect, useEffectEvent, useRef, type CSSProperties, type ReactNode } from 'react'
import { formMessages } from '#shared/form/form-catalog.ts'
import './Wizard.css'

interface WizardStepProps {
  step: number
  count: number
  title: string
  /** Move focus to the title when the step opens, so a screen reader starts reading the new step. */
  focusTitle?: boolean
  children: ReactNode
}

/** One step of a multi-step form: where you are ("Step 2 of 3"), the step's title, and its content. */
export function WizardStep({ step, count, title, focusTitle = false, children }: WizardStepProps) {
  const { i18n } = useLingui()
  const titleRef = useRef<HTMLHeadingElement>(null)

  const focusOnOpen = useEffectEvent(() => {
    if (focusTitle) titleRef.current?.focus()
  })
  // Only when the step opens.
  useEffect(() => focusOnOpen(), [])

  return (
    <section className="wizard__step" aria-labelledby="wizard-step-title">
      <div className="wizard__progress">
        <span>{i18n._(formMessages.stepof.id, { step, count })}</span>
        <span className="wizard__bar" style={{ '--steps': count } as CSSProperties} aria-hidden="true">
          {Array.from({ length: count }, (_, index) => (
            <span key={index} className={index < step ? 'is-done' : undefined} />
          ))}
        </span>
      </div>
      <h2 id="wizard-step-title" ref={titleRef} className="wizard__title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  )
}
