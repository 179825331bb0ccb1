import t from 'tap'
import { parseRefusal, refusalMessage } from '../../../server/domain/moderation/refusal.ts'
import { formatRefusalEnd } from '../../../web/src/features/account/suspension/refusal-end.ts'

// A suspended or banned account's refusal (docs/accounts.md, "Suspension and ban"): the server writes it, the app
// reads its end and reason back to show them in the user's language.

t.test('the server writes the end to the second in UTC, or names a ban', async (t) => {
  const until = new Date('2026-12-08T10:00:00.123Z')
  t.equal(refusalMessage(until, 'Threats'), 'Account suspended until 2026-12-08T10:00:00Z: Threats')
  t.equal(refusalMessage(null, 'Fake requests'), 'Account banned: Fake requests')
})

t.test('the app reads back what the server wrote, whatever the reason holds', async (t) => {
  const reasons = ['Spam', 'Said: "go away": twice', 'Rivi\nkaksi', 'Ääkköset ja emoji 🚲']
  for (const reason of reasons) {
    const until = new Date('2027-01-31T22:30:00Z')
    t.same(parseRefusal(refusalMessage(until, reason)), { until, reason })
    t.same(parseRefusal(refusalMessage(null, reason)), { until: null, reason })
  }
})

t.test('other messages are not refusals', async (t) => {
  for (const message of [
    'Invalid username or password',
    'Account banned: ',
    'Account suspended until 2026-12-08: Spam',
    'Account suspended until 2026-13-45T10:00:00Z: Spam',
    'Account suspended until 2026-12-08T10:00:00Z:',
  ])
    t.equal(parseRefusal(message), null, message)
})

t.test('the end is shown in Finnish time, in the language of the app', async (t) => {
  const until = new Date('2026-12-08T10:00:00Z')
  t.match(formatRefusalEnd(until, 'en'), /8, 2026.*12:00|8 Dec 2026.*12:00/)
  t.match(formatRefusalEnd(until, 'fi'), /8\.12\.2026.*12\.00/)
  t.match(formatRefusalEnd(until, 'sv'), /8 dec\. 2026.*12:00/)
})
