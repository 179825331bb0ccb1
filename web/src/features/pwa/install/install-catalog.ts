import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Texts of the install page (/install). */
export const installMessages = defineMessages({
  installwelcome: /*i18n*/ { id: 'installwelcome', message: 'Welcome to Bike Help' },
  installdescription: /*i18n*/ {
    id: 'installdescription',
    message:
      'Ask cyclists nearby for help when your bike breaks down on the road, help others, and find cyclist-friendly services on the map. Install the app to open it straight from your home screen.',
  },
  installinfohome: /*i18n*/ {
    id: 'installinfohome',
    message: 'Opens from your home screen in its own window, like any app.',
  },
  installinfofree: /*i18n*/ {
    id: 'installinfofree',
    message: 'Free, with no app store needed. Updates arrive automatically.',
  },
  installhowheading: /*i18n*/ { id: 'installhowheading', message: 'How to install' },
  installhint: /*i18n*/ {
    id: 'installhint',
    message: 'Open your browser’s menu and choose “Install app” or “Add to Home screen”.',
    comment: 'Shown when the browser offers no install button. The quoted names are menu items of Chrome for Android.',
  },
  installiosintro: /*i18n*/ { id: 'installiosintro', message: 'On iPhone and iPad, add the app in Safari:' },
  installiosstep1: /*i18n*/ { id: 'installiosstep1', message: 'Open this page in Safari.' },
  installiosstep2: /*i18n*/ {
    id: 'installiosstep2',
    message: 'Tap the Share button (a square with an arrow pointing up).',
    comment: 'Use the name of the Share button in iOS in this language.',
  },
  installiosstep3: /*i18n*/ {
    id: 'installiosstep3',
    message: 'Tap “Add to Home Screen”.',
    comment: 'The menu item of the iOS share sheet in this language.',
  },
  installiosstep4: /*i18n*/ {
    id: 'installiosstep4',
    message: 'Tap “Add”.',
    comment: 'The button in the top corner of the iOS Add to Home Screen dialog in this language.',
  },
  installiospush: /*i18n*/ {
    id: 'installiospush',
    message:
      'Alerts about people who need help reach an iPhone or iPad only through the app on the Home Screen: open it from there and turn notifications on in its settings.',
    comment: 'Shown on iPhone and iPad under the install steps. Home Screen as iOS names it in this language.',
  },
  installaccepted: /*i18n*/ {
    id: 'installaccepted',
    message: 'The app is being installed',
    comment: 'The user said yes in the browser install dialog; the browser may still be installing.',
  },
  installdone: /*i18n*/ { id: 'installdone', message: 'The app is installed' },
  installwhere: /*i18n*/ {
    id: 'installwhere',
    message: 'You will find Bike Help on your home screen or in your list of apps.',
  },
  skipinstall: /*i18n*/ { id: 'skipinstall', message: 'Skip installation' },
  financedby: /*i18n*/ {
    id: 'financedby',
    message: 'Partly financed by',
    comment: 'Heading above the logos of the organisations that partly fund the app.',
  },
  financierfund: /*i18n*/ {
    id: 'financierfund',
    message: 'Regional development fund (placeholder logo)',
    comment: 'Alt text of a placeholder logo, to be replaced with a financier’s official logo.',
  },
  financiercycling: /*i18n*/ {
    id: 'financiercycling',
    message: 'Cycling association (placeholder logo)',
    comment: 'Alt text of a placeholder logo, to be replaced with a financier’s official logo.',
  },
})
