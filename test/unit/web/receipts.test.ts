import t from 'tap'
import { receiptPath, stampPractice } from '../../../web/src/features/pwa/push/notification.ts'
import { practiceTimes } from '../../../web/src/features/pwa/push/practice-result.ts'
import { shouldRedirectToInstall } from '../../../web/src/features/pwa/install/install-redirect.ts'

const TOKEN = '7d3f1a52-9c1e-4f0b-8a44-2b6f0d9e1c35'

t.test('the worker confirms only a well-formed receipt token, at its own path', async (t) => {
  const alert = { web_push: 8030, mutable: true, receipt: TOKEN, notification: { title: 'x', navigate: '/' } }
  t.equal(receiptPath(alert), `/api/push/receipts/${TOKEN}`)
  t.equal(receiptPath({ ...alert, receipt: undefined }), null, 'a push without a receipt: nothing to confirm')
  for (const bad of ['../../api/user/logout', `${TOKEN}/x`, TOKEN.toUpperCase(), 42, null, '']) {
    t.equal(receiptPath({ ...alert, receipt: bad }), null, `never sent: ${String(bad)}`)
  }
  t.equal(receiptPath(null), null)
  t.equal(receiptPath('text'), null)
})

t.test('a practice alert`s path gets the phone`s moments; any other path stays as it is', async (t) => {
  const shown = stampPractice('/?practice=1000', 'reached', 5000.4)
  t.equal(shown, '/?practice=1000&reached=5000')
  t.equal(stampPractice(shown, 'tapped', 17000), '/?practice=1000&reached=5000&tapped=17000')
  t.equal(stampPractice('/?request=42', 'reached', 5000), '/?request=42')
  t.equal(stampPractice('/', 'tapped', 5000), '/')
})

t.test('practiceTimes: from sending to showing, and from showing to the tap', async (t) => {
  t.same(practiceTimes('?practice=1000&reached=5000&tapped=17000', 99_000), { reachSeconds: 4, tapSeconds: 12 })
  t.same(
    practiceTimes('?practice=1000', 13_400),
    { reachSeconds: null, tapSeconds: 12 },
    'shown without the worker: from sending to the app opening',
  )
  t.same(
    practiceTimes('?practice=9000&reached=8000&tapped=10000', 0),
    { reachSeconds: 0, tapSeconds: 2 },
    'a phone clock a little behind the server`s: never a negative time',
  )
  t.equal(practiceTimes('?request=4', 0), null, 'not a practice alert')
  t.equal(practiceTimes('?practice=SENT_AT', 0), null, 'a stamp that is not a time')
})

t.test('a tapped practice alert is not sent to the install page', async (t) => {
  t.notOk(shouldRedirectToInstall({ handledThisSession: false, standalone: false, search: '?practice=1000' }))
})
