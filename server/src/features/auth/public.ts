/** What other features may read of accounts (billing's webhooks, the admin, the CLI): a user by id or e-mail. */
export { findUserByEmail, findUserById } from './auth.repository.ts';
