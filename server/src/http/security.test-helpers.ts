import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { labFiles, labReviewRows, users } from '#server/db/schema/index.ts';
import { SoftwareAuthenticator } from '#server/features/auth/passkeys.test-helpers.ts';
import { addDays } from '#contract/dates.ts';
import { seedUser, today } from '#server/features/data-ownership/data-ownership.test-helpers.ts';
import { createHealthDataWorker } from '#server/features/health-data/health-data.jobs.ts';
import { createLabsWorker } from '#server/features/labs/labs.jobs.ts';
import { appleHealthXml } from '#server/testing/health-exports.ts';
import { fakeExtractor, multipart, silentLog } from '#server/features/labs/labs.test-helpers.ts';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { TEST_ORIGIN, type TestApp, TestClient, newUserBody, signedInClient } from '#server/testing/test-app.ts';
import type { Caller, RouteCase, Seed } from './authorization-matrix.ts';

export type Callers = {
  seed: Seed;
  clients: Record<Caller, TestClient>;
  credentials: Record<Exclude<Caller, 'anonymous'>, { email: string; password: string }>;
};

const conversation = JSON.stringify([
  { role: 'user', content: 'Is my iron fine?' },
  { role: 'assistant', content: 'Ferritin was 80 ng/mL.' },
]);

async function ok<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`seeding failed (${answer.statusCode}): ${answer.body}`);
  return answer.json() as T;
}

async function signUp(t: TestApp, password: string) {
  const client = new TestClient(t.app);
  const body = newUserBody({ password });
  const user = await ok<{ user: { id: string } }>(client.post('/api/register', body));
  return { client, body, user: user.user };
}

const login = ({ email, password }: { email: string; password: string }) => ({ email, password });

/**
 * The four callers of the authorisation matrix and one of each of the owner's things: an owner with
 * a stack, logs, ratings, results, a lab report waiting for review, a share link, a saved chat and
 * a second session; another user and an admin (passwords of their own, so that the owner's
 * password proves nothing for them); a draft post with a thumbnail, a reference supplement, a
 * checkout, and a user the admin may edit and delete.
 */
export async function seedCallers(t: TestApp): Promise<Callers> {
  const owner = await seedUser(t, { withFile: true });
  // The uploaded report is read (by a stand-in extractor) so that it waits for review, as users see it.
  await createLabsWorker({ config: t.config, db: t.database.db, log: silentLog, extract: fakeExtractor }).drain();
  const other = await signUp(t, 'other person password');
  const admin = await signUp(t, 'admin person password');
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  const loginUser = await signedInClient(t);
  const victim = await signedInClient(t);

  const spare = new TestClient(t.app);
  await ok(spare.post('/api/login', login(owner.body)));
  const spareSessions = await ok<{ sessions: { id: string; current: boolean }[] }>(spare.get('/api/sessions'));

  const records = await seedOwnerRecords(t, owner.client, owner.body.password);
  const posts = await seedAdminRecords(admin.client, owner.user.id);
  const review = await seedLabReview(t, owner.client, owner.user.id);
  const medication = await ok<{ id: string }>(owner.client.post('/api/medications', { name: 'Warfarin', strength: '5 mg' }), 201);
  const interaction = await ok<{ id: string }>(
    admin.client.post('/api/admin/interactions', { agentA: 'melatonin', agentB: 'digoxin', severity: 'minor', effect: 'A matrix row.', advice: 'None.', source: 'Matrix' }),
    201,
  );

  return {
    clients: { anonymous: new TestClient(t.app), other: other.client, owner: owner.client, admin: admin.client },
    credentials: { other: login(other.body), owner: login(owner.body), admin: login(admin.body) },
    seed: {
      owner: owner.body,
      loginUser: login(loginUser.body),
      day: today(),
      month: today().slice(0, 7),
      supplementId: owner.supplementIds.vitaminD,
      logEntryId: records.ownerDay.supplements[0]!.id,
      // Magnesium 200 mg twice a day (data-ownership.test-helpers.ts) is above its 350 mg limit.
      warnedNutrient: 'magnesium',
      labFileId: owner.labFileId!,
      labResultId: records.manual!.id,
      labBiomarker: records.manual!.biomarker,
      labRetestId: review.retest.id,
      reviewRowToSaveId: review.reviewRows[0]!.id,
      reviewRowToDropId: review.reviewRows[1]!.id,
      reviewRowToKeepId: review.reviewRows[2]!.id,
      labPage: 1,
      healthImportId: records.healthImport.id,
      healthSource: 'apple-health',
      shareId: records.share.link.id,
      shareToken: new URL(records.share.url).pathname.split('/').pop()!,
      sessionId: spareSessions.sessions.find((session) => session.current)!.id,
      passkeyId: records.passkey.id,
      checkoutSessionId: /cs_local_[a-f0-9]{32}/.exec(records.checkout.url)![0],
      priceId: records.priceId,
      blogSlug: records.blog.posts[0]!.slug,
      blogPostId: posts.draft.id,
      thumbnailName: posts.withThumbnail.thumbnailUrl.split('/').pop()!,
      referenceSupplementId: posts.reference.id,
      medicationId: medication.id,
      interactionId: interaction.id,
      victimUserId: victim.user.id,
      victimEmail: victim.body.email,
      labPdf: await makeTextPdf(panelLines()),
      thumbnailPng: posts.thumbnailPng,
    },
  };
}

/** The owner's results, import, share link, saved chat, checkout and passkey, through the API. */
async function seedOwnerRecords(t: TestApp, owner: TestClient, password: string) {
  const [manual] = await ok<{ id: string; biomarker: string }[]>(owner.get('/api/labs/results/manual'));
  const healthImport = await ok<{ id: string }>(
    owner.request({ method: 'POST', url: '/api/health-imports', ...multipart(Buffer.from(appleHealthXml([today()])), 'export.xml') }),
    202,
  );
  await createHealthDataWorker({ config: t.config, db: t.database.db, log: silentLog }).drain();
  const share = await ok<{ link: { id: string }; url: string }>(owner.post('/api/shares', { parts: ['labs', 'stack', 'logs', 'stats'], expiresInHours: 48 }), 201);
  await ok(owner.post('/api/chat/save', { content: conversation, type: 'chat' }));
  const ownerDay = await ok<{ supplements: { id: string }[] }>(owner.get(`/api/supplement-logs/${addDays(today(), -1)}`));
  const plans = await ok<{ priceIds: Record<string, string> }>(owner.get('/api/plans'));
  const priceId = Object.values(plans.priceIds)[0]!;
  const checkout = await ok<{ url: string }>(owner.post('/api/stripe/create-checkout-session', { priceId }));
  const blog = await ok<{ posts: { slug: string }[] }>(owner.get('/api/blog'));
  const passkeyOptions = await ok<Parameters<SoftwareAuthenticator['register']>[0]>(owner.post('/api/passkeys/registration-options', { password }));
  const passkey = await ok<{ id: string }>(
    owner.post('/api/passkeys', { name: 'Matrix laptop', response: new SoftwareAuthenticator(TEST_ORIGIN).register(passkeyOptions) }),
    201,
  );
  return { manual, healthImport, share, ownerDay, priceId, checkout, blog, passkey };
}

/** A draft post with a thumbnail, and a reference supplement. */
async function seedAdminRecords(admin: TestClient, ownerId: string) {
  const draft = await ok<{ id: string }>(
    admin.post('/api/admin/blog', { section: 'learn', title: 'Matrix draft', excerpt: 'A draft.', contentMarkdown: 'Draft text.' }),
    201,
  );
  const thumbnailPng = new Uint8Array(await sharp({ create: { width: 64, height: 36, channels: 3, background: '#0f766e' } }).png().toBuffer());
  const upload = multipart(thumbnailPng, 'thumb.png', { contentType: 'image/png' });
  const withThumbnail = await ok<{ thumbnailUrl: string }>(admin.request({ method: 'PUT', url: `/api/admin/blog/${draft.id}/thumbnail`, ...upload }));
  const reference = await ok<{ id: string }>(admin.post('/api/admin/supplements', { name: `Matrix bark ${ownerId}`, category: 'Herbs' }), 201);
  return { draft, thumbnailPng, withThumbnail, reference };
}

/** Rows waiting for review, and a retest planned after a low result. */
async function seedLabReview(t: TestApp, owner: TestClient, ownerId: string) {
  // On a report of their own, so that the owner's other report can still be confirmed.
  const [reviewedFile] = await t.database.db
    .insert(labFiles)
    .values({ userId: ownerId, fileName: 'review.pdf', storageKey: `matrix-review-${ownerId}`, contentType: 'application/pdf', kind: 'pdf', sizeBytes: 1, status: 'needs_review' })
    .returning({ id: labFiles.id });
  const reviewRows = await t.database.db
    .insert(labReviewRows)
    .values(['Save', 'Drop', 'Keep'].map((name, position) => ({ userId: ownerId, labFileId: reviewedFile!.id, kind: 'unrecognised' as const, name: `Matrix ${name}`, value: 1, unit: 'U/L', position })))
    .returning({ id: labReviewRows.id });
  const lowFerritin = await ok<{ id: string }>(
    owner.post('/api/labs/results', { biomarker: 'ferritin', value: 5, unit: 'ng/mL', referenceLow: 15, referenceHigh: 150, testDate: addDays(today(), -4) }),
    201,
  );
  const retest = await ok<{ id: string }>(owner.post('/api/labs/retests', { resultId: lowFerritin.id }), 201);
  return { reviewRows, retest };
}

/** A route's path with its parameters filled from the seed. */
export function pathOf(key: string, route: RouteCase, seed: Seed): string {
  const template = key.split(' ')[1]!;
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const field = route.params?.[name];
    if (!field) throw new Error(`${key}: no seed field for {${name}}`);
    return encodeURIComponent(String(seed[field]));
  });
}
