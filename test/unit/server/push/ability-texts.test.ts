import t from 'tap'
import { ABILITY_REASONS, alertPayload, CATEGORY_NAMES, MAX_PAYLOAD_BYTES } from '../../../../server/push/texts.ts'
import { CATEGORY_ABILITIES } from '../../../../server/domain/shared/abilities.ts'
import { REQUEST_CATEGORIES } from '../../../../server/domain/shared/categories.ts'
import { LANGUAGES } from '../../../../server/domain/accounts/rules.ts'

// The longest description, of Finnish letters (two UTF-8 bytes each); and of three-byte letters (any script passes).
const request = { request_id: 2_147_483_647, category: 'transportation_need' as const, description: 'ä'.repeat(500) }
const wide = { ...request, description: '漢'.repeat(500) }
/** Room left for the origin that `navigate` gets at sending (PUBLIC_URL). */
const ORIGIN_ROOM = 100

t.test('every reason an alert can give, in every language, and the payload stays small', async (t) => {
  for (const language of LANGUAGES) {
    for (const category of REQUEST_CATEGORIES) {
      for (const item of CATEGORY_ABILITIES[category]?.items ?? []) {
        const payload = alertPayload(language, { ...request, category }, 'Matti Meikäläinen', item)
        const { notification } = JSON.parse(payload) as { notification: { body: string } }
        t.ok(
          notification.body.startsWith(
            `${ABILITY_REASONS[language][item as keyof (typeof ABILITY_REASONS)['english']]}. ${CATEGORY_NAMES[language][category]}: `,
          ),
          `${language} ${item}: the reason first, then the request`,
        )
        t.ok(Buffer.byteLength(payload) + ORIGIN_ROOM < MAX_PAYLOAD_BYTES, `${language} ${item}: under 1 KB`)
        const plainWide = alertPayload(language, { ...wide, category }, 'Matti Meikäläinen', null)
        const reasonedWide = alertPayload(language, { ...wide, category }, 'Matti Meikäläinen', item)
        t.ok(
          Buffer.byteLength(reasonedWide) <= Buffer.byteLength(plainWide),
          `${language} ${item}: the reason makes no payload longer than the alert without it`,
        )
      }
    }
    const plain = JSON.parse(alertPayload(language, request, 'Matti', null)) as { notification: { body: string } }
    t.ok(
      plain.notification.body.startsWith(`${CATEGORY_NAMES[language].transportation_need}: `),
      'no reason: as before',
    )
  }
})
