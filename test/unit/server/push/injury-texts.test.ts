import t from 'tap'
import { alertPayload, MAX_PAYLOAD_BYTES } from '../../../../server/push/texts.ts'
import { LANGUAGES } from '../../../../server/domain/accounts/rules.ts'

/** Room left for the origin that `navigate` gets at sending (PUBLIC_URL), as in ability-texts.test.ts. */
const ORIGIN_ROOM = 100
const titleOf = (payload: string) => (JSON.parse(payload) as { notification: { title: string } }).notification.title

t.test('an alert whose request mentions an injury says so in its title, in every language', async (t) => {
  const hurt = { request_id: 7, category: 'other' as const, description: 'Kaaduin ja loukkasin polveni' }
  const flat = { ...hurt, description: 'Rengas tyhjä, tarvitsen pumpun' }
  const titles = {
    english: 'Someone nearby may be hurt',
    finnish: 'Lähistöllä joku voi olla loukkaantunut',
    swedish: 'Någon i närheten kan vara skadad',
  }
  for (const language of LANGUAGES) {
    t.equal(titleOf(alertPayload(language, hurt, 'Aino', null)), titles[language], `${language}: the injury first`)
    t.equal(
      titleOf(alertPayload(language, hurt, 'Aino', 'car_with_rack')),
      titles[language],
      `${language}: with a reason`,
    )
    t.not(
      titleOf(alertPayload(language, flat, 'Aino', null)),
      titles[language],
      `${language}: a flat tyre is no injury`,
    )
    // The longest description that still mentions an injury, of three-byte letters: the payload stays small.
    const wide = { ...hurt, request_id: 2_147_483_647, description: `loukkaantui ${'漢'.repeat(488)}` }
    const payload = alertPayload(language, wide, 'Matti Meikäläinen', 'car_with_rack')
    t.ok(Buffer.byteLength(payload) + ORIGIN_ROOM < MAX_PAYLOAD_BYTES, `${language}: under the payload limit`)
  }
})
