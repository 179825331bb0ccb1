import t from 'tap'
import { mentionsDanger } from '../../../web/src/features/emergency/danger-words.ts'

t.test('an injury or danger in any of the three languages brings the 112 line up', async (t) => {
  for (const text of [
    'Crashed into a car, my knee is bleeding',
    'I feel dizzy and weak',
    'Friend is UNCONSCIOUS by the road',
    'chest pain while climbing',
    'Kaaduin ja polvesta tulee verta',
    'Minua huimaa',
    'Kaveri loukkaantui kolarissa',
    'Jag är yr',
    'Cyklisten blöder från huvudet',
    'En olycka vid bron, någon är skadad',
  ]) {
    t.ok(mentionsDanger(text), text)
  }
})

t.test('the bike’s troubles do not', async (t) => {
  for (const text of [
    'Chain broke near the market square',
    'Flat tyre, need a pump',
    'Rengas vuotaa, tarvitsen pumpun',
    'Ketju katkesi',
    'Punktering vid Hagalund',
    'Kedjan gick av, behöver hjälp',
    'Yrjönkatu 5, out of water',
    'Need a lift to Espoo',
  ]) {
    t.notOk(mentionsDanger(text), text)
  }
})
