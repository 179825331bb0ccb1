import t from 'tap'
import {
  landingHandlesFirstVisit,
  shouldRedirectToInstall,
} from '../../../web/src/features/pwa/install/install-redirect.ts'
import { isIosDevice } from '../../../web/src/features/pwa/install/ios-device.ts'

const FIRST_VISIT = { handledThisSession: false, standalone: false, search: '' }

t.test('the first visit to / of a session in a browser goes to /install', async (t) => {
  t.equal(shouldRedirectToInstall(FIRST_VISIT), true)
  t.equal(shouldRedirectToInstall({ ...FIRST_VISIT, search: '?lang=fi' }), true, 'an unrelated query changes nothing')
})

t.test('only once per session', async (t) => {
  t.equal(shouldRedirectToInstall({ ...FIRST_VISIT, handledThisSession: true }), false)
})

t.test('never in the installed app', async (t) => {
  t.equal(shouldRedirectToInstall({ ...FIRST_VISIT, standalone: true }), false)
})

t.test('a request link from a push notification opens the request, not the install page', async (t) => {
  t.equal(shouldRedirectToInstall({ ...FIRST_VISIT, search: '?request=12' }), false)
  t.equal(shouldRedirectToInstall({ ...FIRST_VISIT, search: 'request=12' }), false, 'with or without the "?"')
})

t.test('iOS devices, including an iPad that reports a Mac', async (t) => {
  const device = (userAgent: string, platform: string, maxTouchPoints: number) =>
    isIosDevice({ userAgent, platform, maxTouchPoints })
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
  const mac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
  t.equal(device(iphone, 'iPhone', 5), true, 'iPhone')
  t.equal(device(mac, 'MacIntel', 5), true, 'iPadOS asking for the desktop page')
  t.equal(device(mac, 'MacIntel', 0), false, 'a Mac')
  t.equal(device(android, 'Linux armv8l', 5), false, 'Android')
})

t.test('a session that starts away from / has had its first visit: login and registration land on /', async (t) => {
  t.equal(landingHandlesFirstVisit('/'), false, 'a session starting at / still gets its one redirect')
  t.equal(landingHandlesFirstVisit('/login'), true, 'a bookmarked /login')
  t.equal(landingHandlesFirstVisit('/register'), true, 'a link to /register')
  t.equal(landingHandlesFirstVisit('/install'), true, '/install itself')
})
