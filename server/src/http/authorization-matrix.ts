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
  labFileId: string;
  labResultId: string;
  shareId: string;
  shareToken: string;
  /** A second session of the owner, to be ended by id. */
  sessionId: string;
  checkoutSessionId: string;
  priceId: string;
  blogSlug: string;
  blogPostId: string;
  thumbnailName: string;
  referenceSupplementId: string;
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

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
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
  'GET /api/sessions': { expect: ownData() },
  'DELETE /api/sessions/{id}': { expect: ownersThing(), params: { id: 'sessionId' } },
  // Not configured in tests: the route says so to everyone.
  'POST /api/auth/google': { expect: anyone(404), body: () => ({ credential: 'not-a-google-token' }), freshSession: true },
  'POST /api/contact': { expect: anyone(), body: () => ({ name: 'Matrix', email: 'matrix@example.com', message: 'Hello' }) },

  // ─── Supplements and logs ────────────────────────────────────────────────────────────────
  'GET /api/supplements/search': { expect: ownData(), query: () => ({ q: 'vitamin' }) },
  'GET /api/supplements': { expect: ownData() },
  'POST /api/supplements': { expect: ownData(), body: () => ({ name: 'Zinc', dosage: '50 mg', frequency: '1x daily' }) },
  'GET /api/supplements/count': { expect: ownData() },
  'GET /api/supplements/warnings': { expect: ownData() },
  'PUT /api/supplements/{id}': { expect: ownersThing(), params: { id: 'supplementId' }, body: () => ({ name: 'Zinc', dosage: '100 mg', frequency: '1x daily' }) },
  'DELETE /api/supplements/{id}': { expect: ownersThing(), params: { id: 'supplementId' } },
  // The owner's supplement id in the body: someone else logging it is refused as not found.
  'POST /api/supplement-logs': {
    expect: ownersThing(),
    body: (s) => ({ logs: [{ supplementId: s.supplementId, takenAt: new Date(Date.now() - 60_000).toISOString() }] }),
  },
  'GET /api/supplement-logs/days': { expect: ownData(), query: (s) => ({ month: s.month }) },
  'GET /api/supplement-logs/{date}': { expect: ownData(), params: { date: 'day' } },
  'POST /api/effects': { expect: ownData(), body: () => ({ energy: 3, mood: 4, sleep: 2 }) },
  'GET /api/supplements/streak': { expect: ownData() },
  'GET /api/supplement-streak': { expect: ownData() },
  'GET /api/health-stats': { expect: ownData() },
  'POST /api/health-stats': { expect: ownData(), body: () => ({ weight: 151 }) },
  // The owner's address and username: anyone else is told they are taken.
  'POST /api/profile': {
    expect: { anonymous: 401, other: 409, owner: 200, admin: 409 },
    body: (s) => ({ email: s.owner.email, username: s.owner.username }),
  },
  'GET /api/profile/completion': { expect: ownData() },

  // ─── Labs ────────────────────────────────────────────────────────────────────────────────
  'GET /api/labs': { expect: ownData() },
  // Uploads are a paid feature: the free trial (other, admin) is refused with the plan's limit.
  'POST /api/labs': { expect: { anonymous: 401, other: 429, owner: 201, admin: 429 }, upload: (s) => ({ bytes: s.labPdf, fileName: 'panel.pdf' }) },
  'GET /api/labs/chart-data': { expect: ownData() },
  'GET /api/labs/series': { expect: ownData() },
  'GET /api/labs/biomarkers': { expect: ownData() },
  'GET /api/labs/results/manual': { expect: ownData() },
  'POST /api/labs/results': { expect: ownData(201), body: () => ({ ...result, testDate: daysAgo(2) }) },
  'PUT /api/labs/results/{id}': { expect: ownersThing(), params: { id: 'labResultId' }, body: () => result },
  'DELETE /api/labs/results/{id}': { expect: ownersThing(), params: { id: 'labResultId' } },
  'GET /api/labs/{id}': { expect: ownersThing(), params: { id: 'labFileId' } },
  'DELETE /api/labs/{id}': { expect: ownersThing(), params: { id: 'labFileId' } },
  'GET /api/labs/{id}/file': { expect: ownersThing(), params: { id: 'labFileId' } },
  'GET /api/labs/{id}/results': { expect: ownersThing(), params: { id: 'labFileId' } },
  'POST /api/labs/{id}/results': { expect: ownersThing(201), params: { id: 'labFileId' }, body: () => result },
  'PUT /api/labs/{id}/test-date': { expect: ownersThing(), params: { id: 'labFileId' }, body: () => ({ testDate: daysAgo(3) }) },
  'POST /api/labs/{id}/confirm': { expect: ownersThing(), params: { id: 'labFileId' }, body: () => ({}) },

  // ─── Assistant (visitors may ask a few questions) ────────────────────────────────────────
  'POST /api/query': { expect: anyone(), body: () => question },
  'GET /api/query/history': { expect: anyone() },
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
  'GET /api/stripe/checkout-session/{sessionId}': { expect: anyone(), params: { sessionId: 'checkoutSessionId' } },
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
