/* No zod here: every page's first download imports these (see contract/errors.ts for the schemas). */

/** Texts of the product (product.md, Pages) that the server and the web both use. */
export const MESSAGES = {
  trialExpired: 'Your trial has expired. Please upgrade to continue.',
  authFailed: 'Authentication failed',
  invalidCredentials: 'Invalid email/username or password',
  connectionError: 'Connection error occurred',
  notFound: 'Not found',
  serverError: 'Something went wrong on our side. Please try again.',
  signInRequired: 'Please sign in to continue.',
  storageFull: 'There is no room to store the file right now. Nothing was saved; please try again later.',
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;
