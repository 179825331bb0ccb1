import t from 'tap'
import { resendWait, secondsLeft } from '../../../web/src/features/account/wizard/countdown.ts'

t.test('the contract: 30 s after the first code, then 60 s after every resend', async (t) => {
  t.same(
    [1, 2, 3, 4].map((send) => resendWait(send)),
    [30, 60, 60, 60],
  )
})

t.test('a longer wait asked by the server wins; a shorter one does not shorten ours', async (t) => {
  t.equal(resendWait(1, 30), 30)
  t.equal(resendWait(1, 10), 30)
  t.equal(resendWait(1, 90), 90)
  t.equal(resendWait(2, 45.2), 60)
  t.equal(resendWait(2, 120), 120)
})

t.test('seconds left round up and never go below zero', async (t) => {
  const deadline = 100_000
  t.equal(secondsLeft(deadline, deadline - 30_000), 30)
  t.equal(secondsLeft(deadline, deadline - 29_001), 30, 'a started second still shows')
  t.equal(secondsLeft(deadline, deadline - 1), 1)
  t.equal(secondsLeft(deadline, deadline), 0)
  t.equal(secondsLeft(deadline, deadline + 5_000), 0)
  t.equal(secondsLeft(0, Date.now()), 0, 'no code sent yet')
})
