/**
 * The expected answer of every API route to each of four callers, written once per route.
 * `authorization.int.test.ts` reads the OpenAPI document and calls every route it lists as
 * each caller; a route without an entry here, or an entry without a route, fails that suite.
 *
 * Path parameters are filled with the owner's real ids (`params` names the seed field), so
 * "another user" and "admin" call with ids that are not theirs: they must answer 404 and
 * change nothing the owner can see.
 */

export type Caller = 'anonymous' | 'other' | 'owner' | 'admin';

/** What the test seeds before calling: the owner's ids and a few shared things. */
export type Seed = {
  owner: { email: string; username: string; password: string };
  /** A separate account whose credentials the sign-in route is called with. */
  loginUser: { email: string; password: string };
  /** A day (yyyy-MM-dd) on which the owner has logs. */
  day: string;
  month: string;
  supplementId: string;
  /** One supplement of the owner's intake yesterday (a day no other call here rewrites). */
  logEntryId: string;
  /** A nutrient the owner's stack has an intake warning for. */
  warnedNutrient: string;
  labFileId: string;
  labResultId: string;
  /** The catalogue biomarker of the owner's result typed in by hand. */
  labBiomarker: string;
  /** A retest the owner planned, for a result of its own out of range. */
  labRetestId: string;
  /** Rows of the owner's report waiting in review: one saved, one left out, one kept as their own. */
  reviewRowToSaveId: string;
  reviewRowToDropId: string;
  reviewRowToKeepId: string;
  labPage: number;
  /** One of the owner's health imports (read, so its measurements exist). */
  healthImportId: string;
  healthSource: 'apple-health';
  shareId: string;
  shareToken: string;
  /** A second session of the owner, to be ended by id. */
  sessionId: string;
  /** One of the owner's passkeys, to be removed by id. */
  passkeyId: string;
  checkoutSessionId: string;
  priceId: string;
  blogSlug: string;
  blogPostId: string;
  thumbnailName: string;
  referenceSupplementId: string;
  medicationId: string;
  interactionId: string;
  /** A user the admin may edit and delete (never the owner, who is needed until the end). */
  victimUserId: string;
  victimEmail: string;
  labPdf: Uint8Array;
  thumbnailPng: Uint8Array;
};

export type RouteCase = {
  expect: Record<Caller, number>;
  /** Path parameter → the seed field that fills it. */
  params?: Record<string, keyof Seed>;
  query?: (seed: Seed) => Record<string, string>;
  /** Called once per request, so that bodies that must be unique (sign-up) can be. */
  body?: (seed: Seed) => unknown;
  /** A multipart/form-data upload in the field "file". */
  upload?: (seed: Seed) => { bytes: Uint8Array; fileName: string };
  /**
   * The route starts or ends the caller's session: each caller calls it from a session of its
   * own made for that call, so that the callers' main sessions live on.
   */
  freshSession?: true;
  /** Why a call by someone else may change what the owner sees (otherwise it must not). */
  ownerMayChange?: string;
};

/** A signed-in route on the caller's own data (no id of someone else's in the request). */
const ownData = (ok = 200) => ({ anonymous: 401, other: ok, owner: ok, admin: ok });
/** A route that names one of the owner's things: 404 to anyone else, admins included. */
const ownersThing = (ok = 200) => ({ anonymous: 401, other: 404, owner: ok, admin: 404 });
/** Admin only: 404 to everyone else, so that it does not reveal it exists. */
const adminOnly = (ok = 200) => ({ anonymous: 404, other: 404, owner: 404, admin: ok });
/** The same answer whoever asks. */
const anyone = (status = 200) => ({ anonymous: status, other: status, owner: status, admin: status });

/** A one-record Apple Health export, for the upload route. */
const HEALTH_EXPORT =
  '<?xml version="1.0"?><HealthData locale="en_US"><Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-01-01 07:00:00 +0000" endDate="2026-01-01 07:00:00 +0000" value="80"/></HealthData>';
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** Shaped like a browser's WebAuthn answer, signed by nothing: every verification refuses it. */
const unsignedCredential = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {} };
const question = { messages: [{ role: 'user', content: 'How is my vitamin D?' }] };
const result = { biomarker: 'hemoglobin', value: 13.1, unit: 'g/dL' };
let unique = 0;
const nextId = () => `${process.pid}${(unique += 1)}${Math.random().toString(36).slice(2, 6)}`;
const newAccount = () => {
  const id = nextId();
  return { username: `matrix${id}`, email: `matrix${id}@example.com`, password: 'correct horse battery' };
};

export const AUTHORIZATION_MATRIX: Record<string, RouteCase> = {
  // ─── System and sign-in ──────────────────────────────────────────────────────────────────
  'GET /api/config': { expect: anyone() },
  'GET /api/plans': { expect: anyone() },
  'GET /api/user': { expect: ownData() },
  'GET /api/session': { expect: anyone() },
  'POST /api/register': { expect: anyone(), body: newAccount, freshSession: true },
  'POST /api/login': { expect: anyone(), body: (s) => s.loginUser, freshSession: true },
  'POST /api/logout': { expect: anyone(), freshSession: true },
  // Email verification is off without SMTP, and a made-up token is no link: the same 410 for all.
  'POST /api/auth/verify-email': { expect: anyone(410), body: () => ({ token: 'a'.repeat(43) }), freshSession: true },
  // An address with no account gets the same answer as one with (no account discovery).
  'POST /api/auth/resend-verification': { expect: anyone(), body: () => ({ email: `nobody${nextId()}@example.com` }) },
  'POST /api/auth/forgot-password': { expect: anyone(), body: (s) => ({ email: s.owner.email }) },
  'POST /api/auth/reset-password': { expect: anyone(410), body: () => ({ token: 'a'.repeat(43), password: 'another good password' }) },
  // The caller's own password confirms it is them; each caller here sends the owner's, so only the owner passes.
  'GET /api/auth/reauthentication': { expect: ownData() },
  'POST /api/auth/reauthenticate': { expect: { anonymous: 401, other: 400, owner: 200, admin: 400 }, body: (s) => ({ password: s.owner.password }) },
  // A current password that is no one's: refused to all. The owner's success would end the other sessions this
  // suite relies on (passwords.int.test.ts changes a password for real).
  'POST /api/auth/change-password': { expect: { anonymous: 401, other: 400, owner: 400, admin: 400 }, body: () => ({ currentPassword: 'no one has this password', newPassword: 'another good password' }) },
  'GET /api/sessions': { expect: ownData() },
  'DELETE /api/sessions/{id}': { expect: ownersThing(), params: { id: 'sessionId' } },
  // Not configured in tests: the route says so to everyone.
  'POST /api/auth/google': { expect: anyone(404), body: () => ({ credential: 'not-a-google-token' }), freshSession: true },
  'POST /api/auth/google/nonce': { expect: anyone(404) },

  // ─── Two-factor sign-in and passkeys ─────────────────────────────────────────────────────
  'GET /api/two-factor': { expect: ownData() },
  // The owner's password (each caller has a password of their own): anyone else is refused.
  'POST /api/two-factor/totp/setup': { expect: { anonymous: 401, other: 400, owner: 200, admin: 400 }, body: (s) => ({ password: s.owner.password }) },
  // The owner's set-up waits for a code, and this one is wrong; the others have none waiting.
  'POST /api/two-factor/totp/enable': { expect: { anonymous: 401, other: 409, owner: 400, admin: 409 }, body: () => ({ code: 'wrong-code' }) },
  // Nobody here has two-factor on.
  'POST /api/two-factor/disable': { expect: ownData(409), body: (s) => ({ password: s.owner.password }) },
  'POST /api/two-factor/recovery-codes': { expect: ownData(409), body: (s) => ({ password: s.owner.password }) },
  'GET /api/passkeys': { expect: ownData() },
  'POST /api/passkeys/registration-options': { expect: { anonymous: 401, other: 400, owner: 200, admin: 400 }, body: (s) => ({ password: s.owner.password }) },
  'POST /api/passkeys': {
    expect: ownData(400),
    body: () => ({ name: 'Matrix key', response: { ...unsignedCredential, response: { clientDataJSON: 'e30', attestationObject: 'oA' } } }),
  },
  'DELETE /api/passkeys/{id}': { expect: ownersThing(), params: { id: 'passkeyId' } },
  'POST /api/auth/passkey/options': { expect: anyone() },
  'POST /api/auth/passkey': {
    expect: anyone(401),
    body: () => ({ response: { ...unsignedCredential, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } } }),
    freshSession: true,
  },
  // A made-up challenge is no sign-in: the same 410 for all.
  'POST /api/auth/two-factor/passkey-options': { expect: anyone(410), body: () => ({ token: 'a'.repeat(43) }) },
  'POST /api/auth/two-factor': { expect: anyone(410), body: () => ({ token: 'a'.repeat(43), code: '123456' }), freshSession: true },
  'POST /api/contact': { expect: anyone(), body: () => ({ name: 'Matrix', email: 'matrix@example.com', message: 'Hello' }) },

  // ─── Supplements and logs ────────────────────────────────────────────────────────────────
  'GET /api/supplements/search': { expect: ownData(), query: () => ({ q: 'vitamin' }) },
  'GET /api/supplements': { expect: ownData() },
  'POST /api/supplements': { expect: ownData(), body: () => ({ name: 'Zinc', dosage: '50 mg', frequency: '1x daily' }) },
  'GET /api/supplements/count': { expect: ownData() },
  'GET /api/supplements/warnings': { expect: ownData() },
  // Someone else has no such warning of their own to put away; the owner's stays as it was.
  'POST /api/supplements/warnings/{nutrient}/dismiss': { expect: ownersThing(), params: { nutrient: 'warnedNutrient' } },
  'PUT /api/supplements/{id}': { expect: ownersThing(), params: { id: 'supplementId' }, body: () => ({ name: 'Zinc', dosage: '100 mg', frequency: '1x daily' }) },
  'DELETE /api/supplements/{id}': { expect: ownersThing(), params: { id: 'supplementId' } },
  // The owner's supplement id in the body: someone else logging it is refused as not found.
  'POST /api/supplement-logs': {
    expect: ownersThing(),
    body: (s) => ({ logs: [{ supplementId: s.supplementId, takenAt: new Date(Date.now() - 60_000).toISOString() }] }),
  },
  'PUT /api/supplement-logs/today/{supplementId}': { expect: ownersThing(), params: { supplementId: 'supplementId' }, body: () => ({ taken: true }) },
  'GET /api/supplement-logs/days': { expect: ownData(), query: (s) => ({ month: s.month }) },
  'GET /api/supplement-logs/{date}': { expect: ownData(), params: { date: 'day' } },
  'POST /api/effects': { expect: ownData(), body: () => ({ energy: 3, mood: 4, sleep: 2 }) },
  // Any day (product.md, Tracking): a day names no one's data but the caller's; an entry or a supplement does.
  'PUT /api/supplement-logs/{date}': { expect: ownersThing(), params: { date: 'day' }, body: (s) => ({ logs: [{ supplementId: s.supplementId, taken: true }] }) },
  'DELETE /api/supplement-logs/{date}': { expect: ownData(), params: { date: 'day' } },
  'DELETE /api/supplement-logs/entries/{id}': { expect: ownersThing(), params: { id: 'logEntryId' } },
  // Everyone rated today through POST /api/effects above.
  'DELETE /api/effects/{date}': { expect: ownData(), params: { date: 'day' } },
  'GET /api/supplements/streak': { expect: ownData() },
  'GET /api/supplement-streak': { expect: ownData() },
  'GET /api/medications': { expect: ownData() },
  'POST /api/medications': { expect: ownData(201), body: () => ({ name: 'Metformin', strength: '500 mg' }) },
  'PUT /api/medications/{id}': { expect: ownersThing(), params: { id: 'medicationId' }, body: () => ({ name: 'Warfarin', strength: '3 mg' }) },
  'DELETE /api/medications/{id}': { expect: ownersThing(), params: { id: 'medicationId' } },
  'GET /api/interactions': { expect: ownData() },
  'POST /api/interactions/check': { expect: ownData(), body: () => ({ name: 'Vitamin K2', kind: 'supplement' }) },
  'GET /api/interactions/lab-notes': { expect: ownData() },
  'GET /api/health-stats': { expect: ownData() },
  'POST /api/health-stats': { expect: ownData(), body: () => ({ weight: 151 }) },
  'GET /api/insights': { expect: ownData() },
  // The owner's address and username: anyone else is told they are taken.
  'POST /api/profile': {
    expect: { anonymous: 401, other: 409, owner: 200, admin: 409 },
    body: (s) => ({ email: s.owner.email, username: s.owner.username }),
  },
  'GET /api/profile/completion': { expect: ownData() },
  'GET /api/reminders': { expect: ownData() },
  'PUT /api/reminders': { expect: ownData(), body: () => ({ emailEnabled: true, pushEnabled: false, quietHours: { start: '22:00', end: '07:00' } }) },
  // An endpoint is one browser's: each call subscribes a new one to the caller; removing one not theirs changes nothing.
  'POST /api/reminders/push-subscriptions': { expect: ownData(), body: () => ({ endpoint: `https://push.example.com/${nextId()}`, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }) },
  'DELETE /api/reminders/push-subscriptions': { expect: ownData(), body: () => ({ endpoint: 'https://push.example.com/not-subscribed' }) },

  // ─── Labs ────────────────────────────────────────────────────────────────────────────────
  'GET /api/labs': { expect: ownData() },
  'POST /api/health-imports': { expect: { anonymous: 401, other: 202, owner: 202, admin: 202 }, upload: () => ({ bytes: new TextEncoder().encode(HEALTH_EXPORT), fileName: 'export.xml' }) },
  'GET /api/health-imports': { expect: ownData() },
  'GET /api/health-imports/{id}': { expect: ownersThing(), params: { id: 'healthImportId' } },
  'DELETE /api/health-imports/{id}': { expect: ownersThing(), params: { id: 'healthImportId' } },
  'GET /api/health-data/sources': { expect: ownData() },
  // Everyone deletes only their own measurements of the source: the owner's stay until the owner asks.
  'DELETE /api/health-data/sources/{source}': { expect: ownData(), params: { source: 'healthSource' } },
  'GET /api/health-data/summary': { expect: ownData() },
  'GET /api/health-data/history': { expect: ownData(), query: () => ({ kind: 'weight' }) },
  // Uploads are a paid feature: the free trial (other, admin) is refused with the plan's limit.
  'POST /api/labs': { expect: { anonymous: 401, other: 429, owner: 201, admin: 429 }, upload: (s) => ({ bytes: s.labPdf, fileName: 'panel.pdf' }) },
  'GET /api/labs/chart-data': { expect: ownData() },
  'GET /api/labs/series': { expect: ownData() },
  'GET /api/labs/biomarkers': { expect: ownData() },
  // A catalogue biomarker: each caller reads their own readings of it (an own biomarker's key is the owner's thing: labs-biomarker-page.int.test.ts).
  'GET /api/labs/biomarkers/{biomarker}/readings': { expect: ownData(), params: { biomarker: 'labBiomarker' } },
  'GET /api/labs/results/manual': { expect: ownData() },
  'POST /api/labs/results': { expect: ownData(201), body: () => ({ ...result, testDate: daysAgo(2) }) },
  'PUT /api/labs/results/{id}': { expect: ownersThing(), params: { id: 'labResultId' }, body: () => result },
  'DELETE /api/labs/results/{id}': { expect: ownersThing(), params: { id: 'labResultId' } },
  'GET /api/labs/{id}': { expect: ownersThing(), params: { id: 'labFileId' } },
  'DELETE /api/labs/{id}': { expect: ownersThing(), params: { id: 'labFileId' } },
  'GET /api/labs/{id}/file': { expect: ownersThing(), params: { id: 'labFileId' } },
  'GET /api/labs/{id}/pages/{page}': { expect: ownersThing(), params: { id: 'labFileId', page: 'labPage' } },
  'GET /api/labs/own-biomarkers': { expect: ownData() },
  'GET /api/labs/targets': { expect: ownData() },
  'PUT /api/labs/targets': { expect: ownData(), body: () => ({ biomarker: 'ferritin', low: 50, high: 150, unit: 'ng/mL' }) },
  'DELETE /api/labs/targets': { expect: ownData(), body: () => ({ biomarker: 'apob' }) },
  'GET /api/labs/attention': { expect: ownData() },
  // Each caller reads and sets their own choice (off here: the test app has no model, and turning it on is refused).
  'GET /api/labs/model-reading': { expect: ownData() },
  'PUT /api/labs/model-reading': { expect: ownData(), body: () => ({ enabled: false }) },
  // The owner's result is out of no range: planning a retest for it is refused; anyone else does not find it.
  'POST /api/labs/retests': { expect: { anonymous: 401, other: 404, owner: 400, admin: 404 }, body: (s) => ({ resultId: s.labResultId }) },
  'DELETE /api/labs/retests/{id}': { expect: ownersThing(), params: { id: 'labRetestId' } },
  'PUT /api/labs/review-rows/{id}': { expect: ownersThing(), params: { id: 'reviewRowToSaveId' }, body: () => result },
  'DELETE /api/labs/review-rows/{id}': { expect: ownersThing(), params: { id: 'reviewRowToDropId' } },
  'POST /api/labs/review-rows/{id}/own': { expect: ownersThing(201), params: { id: 'reviewRowToKeepId' }, body: () => ({ name: 'Matrix marker', unit: 'U/L' }) },
  'GET /api/labs/{id}/results': { expect: ownersThing(), params: { id: 'labFileId' } },
  'POST /api/labs/{id}/results': { expect: ownersThing(201), params: { id: 'labFileId' }, body: () => result },
  'PUT /api/labs/{id}/test-date': { expect: ownersThing(), params: { id: 'labFileId' }, body: () => ({ testDate: daysAgo(3) }) },
  'POST /api/labs/{id}/confirm': { expect: ownersThing(), params: { id: 'labFileId' }, body: () => ({}) },

  // ─── Assistant (visitors may ask a few questions) ────────────────────────────────────────
  'POST /api/query': { expect: anyone(), body: () => question },
  'GET /api/query/history': { expect: anyone() },
  'DELETE /api/query/history': { expect: ownData() },
  'POST /api/chat': { expect: anyone(), body: () => question },
  'GET /api/chat': { expect: anyone(), query: () => ({ message: 'How is my vitamin D?' }) },
  'POST /api/chat/save': { expect: ownData(), body: () => ({ content: JSON.stringify([question.messages[0], { role: 'assistant', content: '41 ng/mL.' }]), type: 'chat' }) },
  'POST /api/assistant/daily-summary': { expect: ownData(), body: (s) => ({ date: s.day }) },

  // ─── Billing (local provider in tests) ───────────────────────────────────────────────────
  'GET /api/billing/config': { expect: anyone() },
  'POST /api/stripe/create-checkout-session': { expect: anyone(), body: (s) => ({ priceId: s.priceId }) },
  // A checkout's id is its own permission (as with Stripe): whoever holds the return link may read it.
  // Nobody here has a subscription to move to another plan.
  'POST /api/stripe/change-plan': { expect: ownData(409), body: (s) => ({ priceId: s.priceId }) },
  'GET /api/billing/subscription': { expect: ownData() },
  // The owner's checkout, never paid: attaching it is refused to everyone, its owner included.
  'POST /api/post-payment/attach': { expect: ownData(400), body: (s) => ({ sessionId: s.checkoutSessionId }) },
  // The owner opened it signed in: to anyone else (a public route) it does not exist.
  'GET /api/stripe/checkout-session/{sessionId}': { expect: { anonymous: 404, other: 404, owner: 200, admin: 404 }, params: { sessionId: 'checkoutSessionId' } },
  // The owner is on Pro: no trial to start.
  'POST /api/stripe/start-free-trial': { expect: { ...ownData(), owner: 409 } },
  // 14 days of logging are needed; nobody here has them (and the owner is on Pro).
  'POST /api/stripe/extend-trial': { expect: { ...ownData(400), owner: 409 } },
  // Nobody here has a subscription at the provider to manage.
  'POST /api/stripe/portal': { expect: ownData(404) },
  // The checkout was never paid: no account for anyone.
  'POST /api/post-payment/register': {
    expect: anyone(400),
    body: (s) => ({ ...newAccount(), sessionId: s.checkoutSessionId, subscriptionTier: 'pro' }),
    freshSession: true,
  },
  // No Stripe key in tests, so no webhook secret: refused to all.
  'POST /api/stripe/webhook': { expect: anyone(404), body: () => ({ id: 'evt_1', type: 'checkout.session.completed' }) },

  // ─── Admin ───────────────────────────────────────────────────────────────────────────────
  'GET /api/admin/audit-log': { expect: adminOnly() },
  'GET /api/admin/supplements': { expect: adminOnly(), query: () => ({ q: 'vit' }) },
  'POST /api/admin/supplements': { expect: adminOnly(201), body: () => ({ name: `Matrix root ${nextId()}`, category: 'Herbs' }) },
  'PUT /api/admin/supplements/{id}': {
    expect: adminOnly(),
    params: { id: 'referenceSupplementId' },
    body: () => ({ name: `Matrix extract ${nextId()}`, category: 'Herbs' }),
  },
  'DELETE /api/admin/supplements/{id}': { expect: adminOnly(), params: { id: 'referenceSupplementId' } },
  'GET /api/admin/interactions': { expect: adminOnly() },
  'POST /api/admin/interactions': {
    expect: adminOnly(201),
    body: () => ({ agentA: 'cinnamon', agentB: 'digoxin', severity: 'minor', effect: 'A matrix row.', advice: 'None.', source: 'Matrix' }),
  },
  'PUT /api/admin/interactions/{id}': {
    expect: adminOnly(),
    params: { id: 'interactionId' },
    body: () => ({ agentA: 'melatonin', agentB: 'digoxin', severity: 'moderate', effect: 'A matrix row, edited.', advice: 'None.', source: 'Matrix' }),
  },
  'DELETE /api/admin/interactions/{id}': { expect: adminOnly(), params: { id: 'interactionId' } },
  'GET /api/admin/users': { expect: adminOnly(), query: () => ({ q: 'matrix' }) },
  'GET /api/admin/users/growth': { expect: adminOnly() },
  'PUT /api/admin/users/{id}': {
    expect: adminOnly(),
    params: { id: 'victimUserId' },
    body: (s) => ({ name: 'Victim Renamed', email: s.victimEmail, subscriptionTier: 'starter' }),
  },
  'DELETE /api/admin/users/{id}': { expect: adminOnly(), params: { id: 'victimUserId' } },
  'GET /api/admin/dashboard': { expect: adminOnly() },
  'GET /api/admin/blog': { expect: adminOnly() },
  'POST /api/admin/blog': {
    expect: adminOnly(201),
    body: () => ({ section: 'learn', title: `Matrix post ${nextId()}`, excerpt: 'Short.', contentMarkdown: 'Some **text**.' }),
  },
  'POST /api/admin/blog/preview': { expect: adminOnly(), body: () => ({ contentMarkdown: '# Title' }) },
  'GET /api/admin/blog/{id}': { expect: adminOnly(), params: { id: 'blogPostId' } },
  'PUT /api/admin/blog/{id}': {
    expect: adminOnly(),
    params: { id: 'blogPostId' },
    body: () => ({ section: 'learn', title: 'Matrix draft, edited', excerpt: 'Shorter.', contentMarkdown: 'Other text.' }),
  },
  'DELETE /api/admin/blog/{id}': { expect: adminOnly(), params: { id: 'blogPostId' } },
  'POST /api/admin/blog/{id}/publish': { expect: adminOnly(), params: { id: 'blogPostId' } },
  'POST /api/admin/blog/{id}/unpublish': { expect: adminOnly(), params: { id: 'blogPostId' } },
  'PUT /api/admin/blog/{id}/thumbnail': {
    expect: adminOnly(),
    params: { id: 'blogPostId' },
    upload: (s) => ({ bytes: s.thumbnailPng, fileName: 'thumb.png' }),
  },
  'DELETE /api/admin/blog/{id}/thumbnail': { expect: adminOnly(), params: { id: 'blogPostId' } },

  // ─── Blog (public) ───────────────────────────────────────────────────────────────────────
  'GET /api/blog': { expect: anyone() },
  // The thumbnail of a draft: only admins see it before it is published.
  'GET /api/blog/thumbnails/{name}': { expect: { anonymous: 404, other: 404, owner: 404, admin: 200 }, params: { name: 'thumbnailName' } },
  'GET /api/blog/{slug}': { expect: anyone(), params: { slug: 'blogSlug' } },

  // ─── Data ownership ──────────────────────────────────────────────────────────────────────
  // Exports, share links, a new e-mail and deleting the account need a sign-in from the last 10
  // minutes (recentAuth): every caller here signed in when the suite began.
  'GET /api/export/json': { expect: ownData() },
  'GET /api/export/csv': { expect: ownData() },
  'GET /api/export/fhir': { expect: ownData() },
  'GET /api/export/report': { expect: ownData() },
  'POST /api/import': {
    expect: ownData(),
    upload: () => ({ bytes: new TextEncoder().encode(`name,value,unit,date\nFerritin,80,ng/mL,${daysAgo(4)}\n`), fileName: 'results.csv' }),
  },
  'GET /api/shares': { expect: ownData() },
  'POST /api/shares': { expect: ownData(201), body: () => ({ parts: ['labs', 'stack'], expiresInHours: 48 }) },
  'DELETE /api/shares/{id}': { expect: ownersThing(), params: { id: 'shareId' } },
  'GET /api/share/{token}': {
    expect: anyone(),
    params: { token: 'shareToken' },
    ownerMayChange: 'the token is the permission, and the owner sees each opening of the link',
  },
  // The owner's password (each caller has a password of their own): anyone else is refused and keeps their account.
  'DELETE /api/account': { expect: { anonymous: 401, other: 400, owner: 200, admin: 400 }, body: (s) => ({ password: s.owner.password }), freshSession: true },
};
