import t from 'tap'
import { ApiError, logCallFailure, SessionEndedError } from '../../../web/src/shared/api/errors.ts'

t.test('a failed call is logged, unless its session ended while it ran', async (t) => {
  const logged: unknown[][] = []
  const original = console.error
  console.error = (...args: unknown[]) => void logged.push(args)
  t.teardown(() => (console.error = original))
  const failure = new ApiError(500, 'Server error')
  logCallFailure('Fetching the saved location failed', failure)
  logCallFailure('Fetching the saved location failed', new SessionEndedError('Unauthorized'))
  t.same(logged, [['Fetching the saved location failed', failure]], 'only the call that failed on its own')
})
