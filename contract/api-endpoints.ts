import { adminEndpoints } from './admin.ts';
import { assistantEndpoints } from './assistant.ts';
import { authEndpoints, contactEndpoints, twoFactorEndpoints } from './auth.ts';
import { billingEndpoints } from './billing.ts';
import { blogEndpoints } from './blog.ts';
import { accountEndpoints, sharesEndpoints } from './data-ownership.ts';
import type { Endpoint } from './endpoint.ts';
import { healthDataEndpoints } from './health-data.ts';
import { healthEndpoints } from './health.ts';
import { insightsEndpoints } from './insights.ts';
import { interactionsEndpoints, medicationsEndpoints } from './interactions.ts';
import { labsEndpoints } from './labs.ts';
import { plansEndpoints } from './plans.ts';
import { profileEndpoints } from './profile.ts';
import { remindersEndpoints } from './reminders.ts';
import { streaksEndpoints } from './streaks.ts';
import { supplementLogsEndpoints } from './supplement-logs.ts';
import { supplementsEndpoints } from './supplements.ts';

/**
 * Every endpoint of the API. The web's `api()` names a call by its method and path and takes the
 * call's types from this list with `import type`, so that no page loads the schemas to make a call
 * (decision 062); in development it loads the list to check each answer.
 */
export const API_ENDPOINTS = [
  ...Object.values(accountEndpoints),
  ...Object.values(adminEndpoints),
  ...Object.values(assistantEndpoints),
  ...Object.values(authEndpoints),
  ...Object.values(billingEndpoints),
  ...Object.values(blogEndpoints),
  ...Object.values(contactEndpoints),
  ...Object.values(healthDataEndpoints),
  ...Object.values(healthEndpoints),
  ...Object.values(insightsEndpoints),
  ...Object.values(interactionsEndpoints),
  ...Object.values(labsEndpoints),
  ...Object.values(medicationsEndpoints),
  ...Object.values(plansEndpoints),
  ...Object.values(profileEndpoints),
  ...Object.values(remindersEndpoints),
  ...Object.values(sharesEndpoints),
  ...Object.values(streaksEndpoints),
  ...Object.values(supplementLogsEndpoints),
  ...Object.values(supplementsEndpoints),
  ...Object.values(twoFactorEndpoints),
] satisfies Endpoint[];

export type ApiEndpoint = (typeof API_ENDPOINTS)[number];

/** The API's endpoints by route, `'GET /api/labs'`: a call's name on the web. */
export type EndpointsByRoute = { [E in ApiEndpoint as `${E['method']} ${E['path']}`]: E };

/** A call's name: its endpoint's method and path, `'GET /api/labs/:id'`. */
export type ApiRoute = keyof EndpointsByRoute;
