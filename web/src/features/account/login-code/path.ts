/** The login with a code sent to the phone (docs/accounts.md, "Login with a code"), linked from the login page. */
export const LOGIN_CODE_PATH = '/login/code'
