import { useLocation } from 'wouter'
import type { SessionAnswer } from '#shared/api/types.ts'
import { ApiError } from '#shared/api/errors.ts'
import { useStore } from '#shared/store/store.ts'
import { parseRefusal } from '#server/domain/moderation/refusal.ts'

/**
 * Both logins' end (password or code, docs/accounts.md): the answer signs the user in and goes to the main screen; a
 * suspended or banned account stays, and the page's AccountRefusalNotice says why and how to appeal. Any other
 * failure is thrown for the form to show.
 */
export function useSignIn(): (login: () => Promise<SessionAnswer>) => Promise<void> {
  const [, navigate] = useLocation()
  const signIn = useStore((state) => state.signIn)
  const accountRefused = useStore((state) => state.accountRefused)
  return async (login) => {
    try {
      signIn(await login())
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && parseRefusal(error.message)) {
        accountRefused(error.message)
        return
      }
      throw error
    }
    navigate('/', { replace: true })
  }
}
