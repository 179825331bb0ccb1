import { createECDH, randomBytes } from 'node:crypto'
import t from 'tap'
import { base64UrlToBytes, sameBytes } from '../../../web/src/features/pwa/push/base64url.ts'
import {
  appPathOf,
  chooseWindow,
  NOTIFICATION_ICON,
  notificationFromPayload,
  parsePayload,
  safeAppPath,
} from '../../../web/src/features/pwa/push/notification.ts'

/** A push as the server sends every one (server/push/declarative.ts), with the origin it was given. */
const declarative = (notification: Record<string, unknown>) => ({ web_push: 8030, notification })

t.test('a declarative push message becomes the notification it describes', async (t) => {
  const plan = notificationFromPayload(
    declarative({
      title: 'Uusi avunpyyntö',
      body: 'Puhjennut rengas, 1,2 km',
      navigate: 'https://pyoraapu.example/?request=42',
      tag: 'request-42',
      lang: 'fi',
    }),
    'Pyöräapu',
  )
  t.same(plan, {
    title: 'Uusi avunpyyntö',
    options: {
      body: 'Puhjennut rengas, 1,2 km',
      tag: 'request-42',
      lang: 'fi',
      icon: NOTIFICATION_ICON,
      renotify: false,
      data: { url: '/?request=42' },
    },
  })
})

t.test('a stand-down replaces the alert under the same tag, silently', async (t) => {
  const navigate = 'https://pyoraapu.example/?request=7'
  const alert = notificationFromPayload(
    declarative({ title: 'Apua tarvitaan', body: 'x', navigate, tag: 'request-7' }),
    'Pyöräapu',
  )
  const standDown = notificationFromPayload(
    declarative({ title: 'Joku auttaa jo', body: 'x', navigate, tag: 'request-7', silent: true }),
    'Pyöräapu',
  )
  t.equal(standDown.options.tag, alert.options.tag, 'the same tag: the phone shows one notification, not two')
  t.equal(standDown.options.renotify, false)
  t.equal(standDown.options.silent, true, 'no sound or vibration for a correction')
  t.notOk('silent' in alert.options, 'an alert rings as the phone is set to')
  t.notOk(
    'silent' in notificationFromPayload(declarative({ title: 'x', silent: 'yes' }), 'Pyöräapu').options,
    'only true counts',
  )
})

t.test('a click opens the path of navigate on this origin, whatever origin the server was told', async (t) => {
  t.equal(appPathOf('https://pyoraapu.example/?request=5'), '/?request=5')
  t.equal(appPathOf('http://localhost:3000/?request=5#top'), '/?request=5#top', 'an unset PUBLIC_URL still works')
  t.equal(appPathOf('https://evil.example//evil.example/x'), '/', 'a path that is another origin is refused')
  for (const bad of ['/?request=5', 'not a url', '', 5, null, undefined]) t.equal(appPathOf(bad), '/', String(bad))
})

t.test('the flat payload of earlier releases is still read (pushes queued before an update)', async (t) => {
  const plan = notificationFromPayload(
    { title: 'Joku auttaa jo', body: 'x', url: '/?request=7', tag: 'request-7', silent: true },
    'Pyöräapu',
  )
  t.same(plan, {
    title: 'Joku auttaa jo',
    options: {
      body: 'x',
      tag: 'request-7',
      icon: NOTIFICATION_ICON,
      renotify: false,
      silent: true,
      data: { url: '/?request=7' },
    },
  })
})

t.test('a malformed payload still shows the app name and opens the main screen', async (t) => {
  for (const payload of [
    null,
    'text',
    42,
    [],
    {},
    { title: 7, body: {}, url: 3, tag: null },
    { web_push: 8030, notification: null },
    { web_push: 9001, notification: { title: 7, navigate: 'https://pyoraapu.example/?request=1' } },
    declarative({ title: 7, body: {}, navigate: 3, tag: null, lang: 4 }),
  ]) {
    const plan = notificationFromPayload(payload, 'Pyöräapu')
    t.equal(plan.title, 'Pyöräapu')
    t.equal(plan.options.body, '')
    t.equal(plan.options.data.url, '/')
    t.notOk('tag' in plan.options, 'no tag: an empty one would merge unrelated notifications')
    t.notOk('lang' in plan.options)
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
