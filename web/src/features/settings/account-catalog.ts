import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Texts of the settings modal's account, location and session sections, used as strings. */
export const accountMessages = defineMessages({
  account: /*i18n*/ { id: 'account', message: 'Account' },
  radiusandlocation: /*i18n*/ { id: 'radiusandlocation', message: 'Radius and location' },
  logout: /*i18n*/ { id: 'logout', message: 'Log out' },
  changepassword: /*i18n*/ { id: 'changepassword', message: 'Change password' },
  deleteaccount: /*i18n*/ { id: 'deleteaccount', message: 'Delete account' },
  deleteaccountconfirm: /*i18n*/ {
    id: 'deleteaccountconfirm',
    message: 'Delete my account',
    comment: 'The button that really deletes, in the confirmation dialog.',
  },
  editusername: /*i18n*/ { id: 'editusername', message: 'Edit username' },
  editradius: /*i18n*/ { id: 'editradius', message: 'Edit radius' },
  updatelocation: /*i18n*/ { id: 'updatelocation', message: 'Update location now' },
  location: /*i18n*/ { id: 'location', message: 'Location' },
  locationknown: /*i18n*/ {
    id: 'locationknown',
    message: 'Known from this device',
    comment: 'Status of the location: the phone has given its current position.',
  },
  locationsaved: /*i18n*/ {
    id: 'locationsaved',
    message: 'Last saved location in use',
    comment: 'The phone gave no position, so the one last saved on the server is used.',
  },
  locationlocating: /*i18n*/ { id: 'locationlocating', message: 'Locating…' },
  locationunknown: /*i18n*/ { id: 'locationunknown', message: 'Not known' },
  usercount: /*i18n*/ {
    id: 'usercount',
    message: 'Registered users: {count}',
    comment: 'Shown to admins only.',
  },
})
