/** Where the end-to-end run's servers listen; all on loopback. */
export const E2E = {
  /** The app as a fresh install runs it: no SMTP (no e-mail verification), Google through the local provider. */
  appUrl: 'http://127.0.0.1:4173',
  /** The same app with an SMTP server, so sign-up asks to verify the address. */
  mailAppUrl: 'http://127.0.0.1:4174',
  smtpPort: 4125,
  mailboxUrl: 'http://127.0.0.1:4126',
  oidcPort: 4127,
} as const;
