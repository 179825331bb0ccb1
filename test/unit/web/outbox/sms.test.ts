import t from 'tap'
import { requestOfBody, smsLink, smsMapUrl, smsText } from '../../../../web/src/features/outbox/sms.ts'

const parts = {
  intro: 'I need help on my bike trip (written in Bike Help):',
  category: 'Bicycle maintenance',
  description: '  Chain broke, I am by the lake  ',
  location: { latitude: 61.4978123, longitude: 23.7609876 },
}

t.test('the point as an OpenStreetMap link with a marker, zoom 16, five decimals', async (t) => {
  t.equal(
    smsMapUrl(parts.location),
    'https://www.openstreetmap.org/?mlat=61.49781&mlon=23.76099#map=16/61.49781/23.76099',
  )
  t.equal(
    smsMapUrl({ latitude: 60.17, longitude: 24.9 }),
    'https://www.openstreetmap.org/?mlat=60.17&mlon=24.9#map=16/60.17/24.9',
    'no trailing zeros',
  )
})

t.test('the text: intro, category and description, the map link, and the share link where there is one', async (t) => {
  t.equal(
    smsText(parts),
    [
      'I need help on my bike trip (written in Bike Help):',
      'Bicycle maintenance: Chain broke, I am by the lake',
      'https://www.openstreetmap.org/?mlat=61.49781&mlon=23.76099#map=16/61.49781/23.76099',
    ].join('\n'),
  )
  t.equal(
    smsText({ ...parts, location: null }),
    'I need help on my bike trip (written in Bike Help):\nBicycle maintenance: Chain broke, I am by the lake',
    'no location: no map line',
  )
  const shared = smsText({ ...parts, shareUrl: 'https://example.fi/s/abc', followLabel: 'Follow it here:' })
  t.ok(shared.endsWith('\nFollow it here: https://example.fi/s/abc'), shared)
  t.notMatch(smsText({ ...parts, shareUrl: null, followLabel: 'Follow it here:' }), 'Follow', 'none without a link')
})

t.test('the sms: link has no recipient and the whole text encoded as its body', async (t) => {
  const href = smsLink('Pyörä: ketju & 60.1')
  t.ok(href.startsWith('sms:?&body='), href)
  t.equal(decodeURIComponent(href.slice('sms:?&body='.length)), 'Pyörä: ketju & 60.1')
  t.notMatch(href.slice('sms:?&body='.length), /[ &\n]/, 'nothing that would end the body early')
})

t.test('the request of a kept body', async (t) => {
  t.same(requestOfBody({ category: 'other', description: 'Lost', latitude: 60, longitude: 25, isApproximate: 0 }), {
    category: 'other',
    description: 'Lost',
    location: { latitude: 60, longitude: 25 },
  })
  t.same(requestOfBody({ category: 'other', description: 'Lost', latitude: null, longitude: null }), {
    category: 'other',
    description: 'Lost',
    location: null,
  })
  t.equal(requestOfBody({ text: 'a message' }), null)
  t.equal(requestOfBody(null), null)
})
