import { useState } from 'react'
import type { ActionError } from '#shared/form/useAction.ts'

/** The steps of both wizards: details, the SMS code, then the last step. */
export type WizardStepNumber = 1 | 2 | 3

/** Which step is open, and an error a later step hands back to the step that can fix it. */
export function useWizardSteps() {
  const [step, setStep] = useState<WizardStepNumber>(1)
  /** Whether the user has moved between steps: only then does a step take focus when it opens. */
  const [moved, setMoved] = useState(false)
  /** An error the answer of a later step sends back to an earlier one. */
  const [carried, setCarried] = useState<ActionError | null>(null)

  function go(next: WizardStepNumber, error: ActionError | null = null) {
    setCarried(error)
    setMoved(true)
    setStep(next)
  }

  return { step, moved, carried, go }
}
