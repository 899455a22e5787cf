/** Where the end-to-end apps write their JSON log lines, read back only for a failed test. */
export const E2E_SERVER_LOG = '.tmp/e2e-server.log';
