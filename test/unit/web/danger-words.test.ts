import t from 'tap'
import { mentionsDanger } from '../../../server/domain/shared/danger-words.ts'

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
    // The stems a second round of users wrote.
    'Loukkasin polveni',
    'Olen kaatunut pyörällä',
    'Päähän sattui kun kaaduin',
    'Jalkaan sattuu kovasti',
    'Satutin ranteeni',
    'Kova kipu olkapäässä',
    'Jag har ont i knät',
    'Jag har ramlat och skadat handen',
    'Broken arm, I think',
    'I fell off and my wrist is painful',
    'Bad pain in my ankle',
    'Sprained my ankle on the gravel',
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
    'Ontuva takapyörä, pinna poikki',
    'Kontio street, need a tube',
    'Painted bike, black, by the library',
    'Sårbar? Nej, bara punktering',
  ]) {
    t.notOk(mentionsDanger(text), text)
  }
})
