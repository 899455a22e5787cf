/**
 * Where the end-to-end run's servers listen; all on loopback. `E2E_PORT_BASE` moves the whole
 * set, so two checkouts can run their browser tests side by side.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4120);

export const E2E = {
  /** The app as a fresh install runs it: no SMTP (no e-mail verification), Google through the local provider. */
  appUrl: `http://127.0.0.1:${base + 53}`,
  /** The same app with an SMTP server, so sign-up asks to verify the address. */
  mailAppUrl: `http://127.0.0.1:${base + 54}`,
  /**
   * The app at a host name: browsers refuse passkeys on an IP address, so passkey tests use this
   * one (PUBLIC_URL at localhost gives the relying-party id "localhost"). It is also the app with
   * an AI model: the local OpenAI-compatible server at `modelPort`.
   */
  localhostAppUrl: `http://localhost:${base + 55}`,
  smtpPort: base + 5,
  mailboxUrl: `http://127.0.0.1:${base + 6}`,
  oidcPort: base + 7,
  /** A local Web Push service (TLS) the apps push reminders to, standing in for the browser vendor's. */
  pushServicePort: base + 8,
  /** What that push service received, decrypted, and subscriptions to it, over HTTP for the tests. */
  pushboxUrl: `http://127.0.0.1:${base + 9}`,
  /** A local OpenAI-compatible server standing in for the AI model (server/src/testing/fake-openai.ts). */
  modelPort: base + 10,
} as const;
