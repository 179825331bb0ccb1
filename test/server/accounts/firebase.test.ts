import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { clientAddress, uniquePhone, type UserJson } from '../../accounts.ts'
import { emulatorIdToken, startAuthEmulator } from '../../firebase-emulator.ts'
import { craftJwt } from '../../jwt.ts'

const PROJECT = 'demo-pyoraapu'
const WEB_CONFIG = {
  apiKey: 'demo-key',
  authDomain: 'demo-pyoraapu.firebaseapp.com',
  projectId: PROJECT,
  appId: '1:2:web:3',
}

t.test('firebase phone verification (through firebase-admin in Auth-emulator mode)', async (t) => {
  const alice = { uid: 'uid-alice', phoneNumber: uniquePhone() }
  const disabled = { uid: 'uid-disabled', phoneNumber: uniquePhone(), disabled: true }
  const emulator = await startAuthEmulator([alice, disabled])
  t.teardown(() => emulator.close())

  const app = await buildTestApp(t, {
    DATA_DIR: tempDir(t),
    PHONE_VERIFICATION: 'firebase',
    FIREBASE_PROJECT_ID: PROJECT,
    FIREBASE_WEB_CONFIG: JSON.stringify(WEB_CONFIG),
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  })
  const register = (idToken: string, phone: string, user_name: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { user_name, phone, password: 'secret1', radius: 10, idToken },
      remoteAddress: clientAddress(),
    })

  t.match((await app.inject({ url: '/api/config' })).json(), { phoneVerification: 'firebase', firebase: WEB_CONFIG })
  const localSend = await app.inject({
    method: 'POST',
    url: '/api/phone-verification/send',
    payload: { phone: alice.phoneNumber, purpose: 'register' },
  })
  t.equal(localSend.statusCode, 404, 'our own SMS codes are off in Firebase mode')

  const token = emulatorIdToken(PROJECT, alice)
  t.same(
    (await register(token, uniquePhone(), 'Wrong Phone')).json(),
    { message: 'Invalid code' },
    'the token proves another phone',
  )
  const ok = await register(token, '0' + alice.phoneNumber.slice(4), 'Firebase Alice')
  t.equal(ok.statusCode, 201, ok.body)
  t.equal(ok.json<{ user: UserJson }>().user.phone, alice.phoneNumber)
  t.ok(emulator.lookups.includes('uid-alice'), 'firebase-admin really asked the emulator')
  t.same((await register(token, alice.phoneNumber, 'Alice Again')).json(), { message: 'Invalid code' }, 'single use')

  const otherProject = emulatorIdToken('another-project', { uid: 'x', phoneNumber: uniquePhone() })
  t.same((await register(otherProject, uniquePhone(), 'Other Project')).json(), { message: 'Invalid code' })
  const expired = emulatorIdToken(PROJECT, alice, { exp: Math.floor(Date.now() / 1000) - 60 })
  t.same((await register(expired, alice.phoneNumber, 'Late Alice')).json(), { message: 'Invalid code' })
  const disabledToken = emulatorIdToken(PROJECT, disabled)
  t.same((await register(disabledToken, disabled.phoneNumber, 'Disabled')).json(), { message: 'Invalid code' })
  const ourOwn = craftJwt({ phone: alice.phoneNumber, purpose: 'register', jti: 'x' }, { secret: 'whatever-secret' })
  t.same((await register(ourOwn, alice.phoneNumber, 'Local Token')).json(), { message: 'Invalid code' })

  const reset = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(alice.phoneNumber)}/newpassword`,
    payload: {
      newPassword: 'brand-new',
      idToken: emulatorIdToken(PROJECT, alice, { auth_time: Math.floor(Date.now() / 1000) + 1 }),
    },
  })
  t.equal(reset.statusCode, 200, 'a fresh Firebase token resets the password')
})

t.test('local mode tells the SPA so and has no Firebase config', async (t) => {
  const app = await buildTestApp(t)
  const config = (await app.inject({ url: '/api/config' })).json<{ vapidPublicKey: string }>()
  t.match(config, {
    phoneVerification: 'local',
    firebase: null,
    map: { kind: 'vector', tileUrl: /^\/tiles\/\{z\}\/\{x\}\/\{y\}\.mvt\?v=/ },
  })
  t.match(config.vapidPublicKey, /^[A-Za-z0-9_-]{87}$/, 'a generated VAPID public key')
})
