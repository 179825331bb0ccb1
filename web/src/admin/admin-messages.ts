import { defineMessages } from '../i18n/define-messages.ts'

/** The admin dashboard's shell: its title and the names of its sections. */
export const adminMessages = defineMessages({
  admindashboard: /*i18n*/ {
    id: 'admindashboard',
    message: 'Admin dashboard',
    comment: 'Title of the admin screen (/admin) and of the link to it in the settings.',
  },
  adminsections: /*i18n*/ {
    id: 'adminsections',
    message: 'Dashboard sections',
    comment: 'Screen-reader name of the navigation between the dashboard sections.',
  },
  adminoverview: /*i18n*/ {
    id: 'adminoverview',
    message: 'Overview',
    comment: 'Dashboard section: live map and list of all requests, and the figures.',
  },
  adminservices: /*i18n*/ {
    id: 'adminservices',
    message: 'Services',
    comment: 'Dashboard section: managing the services on the public map.',
  },
  adminusers: /*i18n*/ { id: 'adminusers', message: 'Users', comment: 'Dashboard section: the list of users.' },
})
