/** Where the session stands; its own module so store slices that only read it need nothing of the browser's. */
export type SessionStatus = 'checking' | 'loggedIn' | 'loggedOut'
