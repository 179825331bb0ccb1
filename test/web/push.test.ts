import { createECDH, randomBytes } from 'node:crypto'
import t from 'tap'
import { base64UrlToBytes, sameBytes } from '../../web/src/features/pwa/push/base64url.ts'
import {
  chooseWindow,
  NOTIFICATION_ICON,
  notificationFromPayload,
  parsePayload,
  safeAppPath,
} from '../../web/src/features/pwa/push/notification.ts'

t.test('a server payload becomes the notification it describes', async (t) => {
  const plan = notificationFromPayload(
    { title: 'Uusi avunpyyntö', body: 'Puhjennut rengas, 1,2 km', url: '/?request=42', tag: 'request-42' },
    'Pyöräapu',
  )
  t.same(plan, {
    title: 'Uusi avunpyyntö',
    options: {
      body: 'Puhjennut rengas, 1,2 km',
      tag: 'request-42',
      icon: NOTIFICATION_ICON,
      renotify: false,
      data: { url: '/?request=42' },
    },
  })
})

t.test('a stand-down replaces the alert under the same tag, silently', async (t) => {
  const alert = notificationFromPayload({ title: 'Apua tarvitaan', body: 'x', tag: 'request-7' }, 'Pyöräapu')
  const standDown = notificationFromPayload(
    { title: 'Joku auttaa jo', body: 'x', url: '/?request=7', tag: 'request-7', silent: true },
    'Pyöräapu',
  )
  t.equal(standDown.options.tag, alert.options.tag, 'the same tag: the phone shows one notification, not two')
  t.equal(standDown.options.renotify, false)
  t.equal(standDown.options.silent, true, 'no sound or vibration for a correction')
  t.notOk('silent' in alert.options, 'an alert rings as the phone is set to')
  t.notOk('silent' in notificationFromPayload({ title: 'x', silent: 'yes' }, 'Pyöräapu').options, 'only true counts')
})

t.test('a malformed payload still shows the app name and opens the main screen', async (t) => {
  for (const payload of [null, 'text', 42, [], {}, { title: 7, body: {}, url: 3, tag: null }]) {
    const plan = notificationFromPayload(payload, 'Pyöräapu')
    t.equal(plan.title, 'Pyöräapu')
    t.equal(plan.options.body, '')
    t.equal(plan.options.data.url, '/')
    t.notOk('tag' in plan.options, 'no tag: an empty one would merge unrelated notifications')
  }
})

t.test('a click only ever leads to a path of this app', async (t) => {
  t.equal(safeAppPath('/?request=5'), '/?request=5')
  t.equal(safeAppPath('/requests/5#x'), '/requests/5#x')
  for (const bad of [
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    5,
    null,
  ]) {
    t.equal(safeAppPath(bad), '/', String(bad))
  }
})

t.test('parsePayload reads JSON text and survives none or garbage', async (t) => {
  t.same(
    parsePayload(() => '{"title":"x"}'),
    { title: 'x' },
  )
  t.equal(parsePayload(undefined), null)
  t.equal(
    parsePayload(() => 'not json'),
    null,
  )
})

t.test('a click brings forward the focused app window, else a visible one, else the first', async (t) => {
  const origin = 'https://apu.example'
  const win = (url: string, focused = false, visibilityState = 'hidden') => ({ url, focused, visibilityState })
  const hidden = win(`${origin}/info`)
  const visible = win(`${origin}/`, false, 'visible')
  const focused = win(`${origin}/?request=1`, true, 'visible')
  t.equal(chooseWindow([hidden, visible, focused], origin), focused)
  t.equal(chooseWindow([hidden, visible], origin), visible)
  t.equal(chooseWindow([hidden, win(`${origin}/login`)], origin), hidden, 'the most recently focused is listed first')
  t.equal(chooseWindow([], origin), undefined, 'no window: open one')
  t.equal(
    chooseWindow([win('https://apu.example.evil.com/', true, 'visible')], origin),
    undefined,
    'other origins never',
  )
  t.equal(chooseWindow([win(origin)], origin)?.url, origin, 'the bare origin counts')
})

t.test('base64url keys decode to their bytes, with or without padding', async (t) => {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const key = ecdh.getPublicKey()
  const decoded = base64UrlToBytes(key.toString('base64url'))
  t.equal(decoded.length, 65, 'an uncompressed P-256 point')
  t.same(Buffer.from(decoded), key)
  for (let length = 0; length < 8; length++) {
    const bytes = randomBytes(length)
    const unpadded = bytes.toString('base64url')
    t.same(Buffer.from(base64UrlToBytes(unpadded)), bytes, `${length} bytes unpadded`)
    t.same(Buffer.from(base64UrlToBytes(bytes.toString('base64'))), bytes, `${length} bytes as padded base64`)
  }
  t.throws(() => base64UrlToBytes('a b'), /not base64url/)
  t.throws(() => base64UrlToBytes('abcde'), /not base64url/, 'a length no encoder makes')
})

t.test('sameBytes tells whether a subscription used this key', async (t) => {
  const key = new Uint8Array([4, 1, 2, 3])
  t.ok(sameBytes(new Uint8Array([4, 1, 2, 3]).buffer, key))
  t.notOk(sameBytes(new Uint8Array([4, 1, 2, 9]).buffer, key))
  t.notOk(sameBytes(new Uint8Array([4, 1, 2]).buffer, key))
  t.notOk(sameBytes(null, key))
})
