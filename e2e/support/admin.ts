/**
 * The administrator every browser-test app starts with: `servers.ts` creates it with the real
 * `create-admin` CLI against the app's DATA_DIR before the app starts.
 */
export const E2E_ADMIN = {
  email: 'admin.e2e@example.com',
  username: 'e2eadmin',
  password: 'admin password for e2e',
} as const;
