import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DayView } from '#contract/supplement-logs.ts';
import type { Config } from './config.ts';
import { BuiltInAssistant } from './ai/built-in/built-in-assistant.ts';
import { OpenAiCompatibleProvider } from './ai/openai-provider.ts';
import type { Database, Db } from './db/client.ts';
import { USER_CHANGED_CHANNEL, UserCache } from './lib/user-cache.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { AccountService } from './features/account/account.service.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { AdminSupplementsService } from './features/supplements/admin-supplements.service.ts';
import { AdminUsersService } from './features/admin/admin-users.service.ts';
import { assistantRoutes } from './features/assistant/assistant.routes.ts';
import { AssistantService } from './features/assistant/assistant.service.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { BillingService } from './features/billing/billing.service.ts';
import { LocalCheckoutService } from './features/billing/local-checkout.service.ts';
import { LocalProvider } from './features/billing/local.provider.ts';
import { paidPlansByPrice } from './features/billing/paid-plans.ts';
import { StripeProvider } from './features/billing/stripe.provider.ts';
import { AuditLog } from './features/audit/audit.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { AuthService } from './features/auth/auth.service.ts';
import { GoogleService } from './features/auth/google.service.ts';
import { type SessionRead, SessionService } from './features/auth/sessions.service.ts';
import { PasskeyService } from './features/auth/passkeys.service.ts';
import { SignInChallenges } from './features/auth/sign-in-challenges.service.ts';
import { twoFactorRoutes } from './features/auth/two-factor.routes.ts';
import { TwoFactorService } from './features/auth/two-factor.service.ts';
import { blogPageRoutes } from './features/blog/blog.pages.ts';
import { blogRoutes } from './features/blog/blog.routes.ts';
import { BlogService } from './features/blog/blog.service.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { ContactService } from './features/contact/contact.service.ts';
import { RateLimiter } from './features/rate-limits/rate-limits.service.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { healthDataRoutes } from './features/health-data/health-data.routes.ts';
import { HealthDataService } from './features/health-data/health-data.service.ts';
import { insightsRoutes } from './features/insights/insights.routes.ts';
import { InsightsService } from './features/insights/insights.service.ts';
import { labsRoutes } from './features/labs/labs.routes.ts';
import { LabsService } from './features/labs/labs.service.ts';
import { HealthService } from './features/health/health.service.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { remindersRoutes } from './features/reminders/reminders.routes.ts';
import { RemindersService } from './features/reminders/reminders.service.ts';
import { ProfileService } from './features/profile/profile.service.ts';
import { streaksRoutes } from './features/streaks/streaks.routes.ts';
import { StreakService } from './features/streaks/streaks.service.ts';
import { supplementLogsRoutes } from './features/supplement-logs/supplement-logs.routes.ts';
import type { LoggedDaysSummary } from './features/supplement-logs/supplement-logs.repository.ts';
import { SupplementLogsService } from './features/supplement-logs/supplement-logs.service.ts';
import { supplementsRoutes } from './features/supplements/supplements.routes.ts';
import { AdminInteractionsService } from './features/interactions/admin-interactions.service.ts';
import { interactionsRoutes } from './features/interactions/interactions.routes.ts';
import { InteractionsService } from './features/interactions/interactions.service.ts';
import { medicationsRoutes } from './features/medications/medications.routes.ts';
import { MedicationsService } from './features/medications/medications.service.ts';
import { SupplementsService } from './features/supplements/supplements.service.ts';
import { exportRoutes } from './features/data-ownership/export.routes.ts';
import { ExportService } from './features/data-ownership/export.service.ts';
import { ImportService } from './features/data-ownership/import.service.ts';
import { sharesRoutes } from './features/shares/shares.routes.ts';
import { SharesService } from './features/shares/shares.service.ts';
import { EntitlementsService } from './features/usage/entitlements.service.ts';
import { UsageService } from './features/usage/usage.service.ts';
import { canonicalRequestTarget, matchedPath, registerAccessControl, registerWithAccess, ROUTER_OPTIONS } from './http/access.ts';
import { AppError } from './http/app-error.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { PAGE_ROUTE_CONFIG, PageDocuments } from './http/page-document.ts';
import { registerSecurity } from './http/security.ts';
import { SessionCookie } from './http/session-cookie.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { type FileStore } from './storage/file-store.ts';
import { createFileStore } from './storage/create-file-store.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Tests pass their own outbox to read what was sent. */
  mailer?: Mailer;
  /** Tests capture log lines here. */
  logStream?: NodeJS.WritableStream;
  /** Tests pass their own file store (e.g. S3 against a fake). */
  fileStore?: FileStore;
  /** Where the built web app lives; unset or missing, only the API is served. */
  webDir?: string;
  /** Tests pass the built-in assistant without its pause between pieces: they read the pieces, not the pace. */
  builtInAssistant?: BuiltInAssistant;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Builds the whole app without listening: plugins, then services, then routes, in that order. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = createFastify(config, options.logStream);
  let acceptingWork = true;
  app.addHook('preClose', async () => {
    acceptingWork = false;
  });

  // Plumbing first, so that every plugin's routes share the error handler, headers and access rules
  registerErrorHandler(app);
  registerSecurity(app, config);
  const db = database.db;
  const mailer = options.mailer ?? createMailer(config.mail, app.log);
  const sessionCookie = new SessionCookie(config.secureCookies);
  const caches = await openUserCaches(app, database, config.userCacheSeconds);
  const sessions = new SessionService(db, config.session, caches.sessions);
  const usage = new UsageService(db, config.plans);
  await app.register(cookie, { secret: config.sessionSecret });
  registerAccessControl(app, (token, { withUsage }) => sessions.resolve(token, withUsage ? usage.windows() : undefined), sessionCookie);

  await registerApiDocs(app, sessionCookie.name);
  const services = createServices(app, { options, db, mailer, sessions, usage, caches });
  await registerRoutes(app, { ...services, database, config, mailer, sessionCookie, isAcceptingWork: () => acceptingWork });
  const pages = options.webDir ? pageDocuments(app, options.webDir, config, services.auth) : undefined;
  await app.register(blogPageRoutes, { blog: services.blog, publicUrl: config.publicUrl, pages });
  sweepHourly(app, services);
  if (pages) await serveWebApp(app, pages);
  return app;
}

function createFastify(config: Config, logStream: NodeJS.WritableStream | undefined): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // A hop count as a function: Fastify refuses numbers (proxy-addr asks hop 0, the peer, first).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    rewriteUrl: (request) => canonicalRequestTarget(request.url ?? '/'),
    routerOptions: ROUTER_OPTIONS,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}

/** The OpenAPI document and its viewer at /api/docs. */
async function registerApiDocs(app: FastifyInstance, cookieName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'StackLab API', version: '1.0.0', description: 'Supplement stack and lab-result tracking.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: cookieName } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await registerWithAccess(app, 'public', (scope) =>
    scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false, uiConfig: { docExpansion: 'list' } }),
  );
}

type ServiceInputs = { options: AppOptions; db: Db; mailer: Mailer; sessions: SessionService; usage: UsageService; caches: Awaited<ReturnType<typeof openUserCaches>> };

/** Accounts and signing in, with the rate limits and audit log every other service uses too. */
function createIdentityServices({ options: { config }, db, mailer, sessions, usage }: Omit<ServiceInputs, 'caches'>) {
  const limiter = new RateLimiter(db, config.rateLimitOverrides);
  const audit = new AuditLog(db);
  const shares = new SharesService({ db, audit, publicUrl: config.publicUrl });
  const auth = new AuthService({
    db,
    sessions,
    limiter,
    audit,
    mailer,
    usage,
    shares,
    publicUrl: config.publicUrl,
    passwordHashing: config.passwordHashing,
    challenges: new SignInChallenges(db),
    trialDays: config.plans.trialDays,
  });
  const passkeys = new PasskeyService({ db, auth, limiter, audit, publicUrl: config.publicUrl });
  const twoFactor = new TwoFactorService({ db, auth, passkeys, limiter, audit });
  const google = config.google ? new GoogleService(config.google, { db, audit, sessions, publicUrl: config.publicUrl, trialDays: config.plans.trialDays }) : undefined;
  return { limiter, audit, shares, auth, passkeys, twoFactor, google };
}

/** Plans and payments: Stripe when configured, else the local test provider and its checkout page. */
function createBillingServices({ config, db, auth, streaks }: { config: Config; db: Db; auth: AuthService; streaks: StreakService }) {
  const stripe = config.billing.provider.kind === 'stripe' ? new StripeProvider(config.billing.provider) : undefined;
  const plansByPrice = paidPlansByPrice(config.billing, config.plans);
  const now = () => new Date();
  const localProvider = stripe ? undefined : new LocalProvider({ db, publicUrl: config.publicUrl, secret: config.sessionSecret, plansByPrice, currency: config.plans.currency, now });
  const billing = new BillingService({ db, provider: stripe ?? localProvider!, config: config.billing, plans: config.plans, auth, streaks, publicUrl: config.publicUrl });
  localProvider?.sendEventsTo((event) => billing.applyEvent(event));
  const localCheckout =
    localProvider &&
    new LocalCheckoutService({ db, provider: localProvider, plans: config.plans, plansByPrice, currentSubscription: (userId) => billing.currentSubscription(userId), publicUrl: config.publicUrl, now });
  return { stripe, billing, localCheckout };
}

/** Every feature's service, each given what it uses. */
function createServices(app: FastifyInstance, { options, db, mailer, sessions, usage, caches }: ServiceInputs) {
  const { config } = options;
  const { limiter, audit, shares, auth, passkeys, twoFactor, google } = createIdentityServices({ options, db, mailer, sessions, usage });
  const contact = new ContactService({ db, mailer, limiter, supportEmail: config.mail.supportEmail });
  const supplements = new SupplementsService(db);
  const entitlements = new EntitlementsService(db, config.plans);
  const supplementLogs = new SupplementLogsService({ db, supplements, entitlements, caches, audit });
  const streaks = new StreakService({ logs: supplementLogs, goalDays: config.plans.streakGoalDays });
  const { stripe, billing, localCheckout } = createBillingServices({ config, db, auth, streaks });
  const health = new HealthService({ db });
  const insights = new InsightsService({ db, entitlements });
  const profile = new ProfileService({ db, auth, audit, health, logs: supplementLogs });
  const reminders = new RemindersService({ db, secret: config.sessionSecret, publicUrl: config.publicUrl, vapidPublicKey: config.reminders.vapid.publicKey });
  const assistant = new AssistantService({
    db,
    insights,
    provider: config.ai.provider ? new OpenAiCompatibleProvider(config.ai.provider, { log: app.log }) : (options.builtInAssistant ?? new BuiltInAssistant()),
    entitlements,
    limiter,
    supplements,
    health,
    streaks,
    timeoutMs: config.ai.timeoutMs,
    log: app.log,
  });
  const fileStore = options.fileStore ?? createFileStore(config.storage);
  const labs = new LabsService({
    db,
    store: fileStore,
    entitlements,
    limits: config.labs,
    modelHost: config.ai.provider ? new URL(config.ai.provider.baseUrl).host : null,
    log: app.log,
  });

  const healthImports = new HealthDataService({
    db,
    store: fileStore,
    maxBytes: config.healthImports.maxBytes,
    spoolDir: path.join(config.dataDir, 'uploads'),
    log: app.log,
  });

  const blog = new BlogService({ db, store: fileStore, audit, log: app.log });
  const adminSupplements = new AdminSupplementsService({ db, audit });
  const medications = new MedicationsService(db);
  const interactions = new InteractionsService(db);
  const adminInteractions = new AdminInteractionsService({ db, audit });
  const exporter = new ExportService({ db, store: fileStore, publicUrl: config.publicUrl, audit, log: app.log });
  const importer = new ImportService({ db, store: fileStore, entitlements, limiter, maxPixels: config.labs.maxPixels, maxFileBytes: config.labs.maxBytes, log: app.log });
  // Stored files of both kinds go with the account: lab reports, and exports not yet read.
  const storedFiles = {
    removeAllStoredFiles: async (userId: string) => (await labs.removeAllStoredFiles(userId)) + (await healthImports.removeAllStoredFiles(userId)),
  };
  const account = new AccountService({ db, sessions, identity: auth, files: storedFiles, billing, mail: mailer, audit, log: app.log });
  const adminUsers = new AdminUsersService({ db, accounts: account, audit, auth, plans: config.plans });
  return { sessions, limiter, audit, shares, auth, passkeys, twoFactor, google, contact, supplements, supplementLogs, streaks, stripe, billing, localCheckout, health, insights, profile, reminders, assistant, labs, healthImports, blog, adminSupplements, medications, interactions, adminInteractions, exporter, importer, account, adminUsers };
}
type Services = ReturnType<typeof createServices>;
type RouteInputs = Services & { database: Database; config: Config; mailer: Mailer; sessionCookie: SessionCookie; isAcceptingWork: () => boolean };

async function registerRoutes(app: FastifyInstance, s: RouteInputs): Promise<void> {
  const { database, config, mailer, sessionCookie, sessions, auth, google, twoFactor, passkeys, contact, audit, supplements, supplementLogs, medications, interactions, adminInteractions, streaks, health, insights, profile, reminders, labs, healthImports, assistant, billing, stripe, localCheckout, adminSupplements, adminUsers, blog, exporter, importer, shares, account } = s;
  await app.register(systemRoutes, {
    database,
    plans: config.plans,
    priceIds: { ...config.billing.priceIds },
    publicConfig: {
      googleEnabled: google !== undefined,
      emailVerificationEnabled: mailer.delivers,
      supportEmail: config.mail.supportEmail,
      labMaxBytes: config.labs.maxBytes,
    },
    isAcceptingWork: s.isAcceptingWork,
  });
  await app.register(authRoutes, { auth, sessions, google, cookie: sessionCookie });
  await app.register(twoFactorRoutes, { auth, sessions, cookie: sessionCookie, twoFactor, passkeys });
  await app.register(contactRoutes, { contact });
  await app.register(auditRoutes, { audit });
  await app.register(supplementsRoutes, { supplements });
  await app.register(supplementLogsRoutes, { logs: supplementLogs });
  await app.register(medicationsRoutes, { medications });
  await app.register(interactionsRoutes, { interactions, admin: adminInteractions });
  await app.register(streaksRoutes, { streaks });
  await app.register(healthRoutes, { health });
  await app.register(insightsRoutes, { insights });
  await app.register(profileRoutes, { profile });
  await app.register(remindersRoutes, { reminders });
  await app.register(labsRoutes, { labs });
  await app.register(healthDataRoutes, { healthImports });
  await app.register(assistantRoutes, { assistant });
  await app.register(billingRoutes, { billing, auth, sessions, cookie: sessionCookie, stripe, localCheckout });
  await app.register(adminRoutes, { supplements: adminSupplements, users: adminUsers });
  await app.register(blogRoutes, { blog });
  await app.register(exportRoutes, { exporter, importer });
  await app.register(sharesRoutes, { shares });
  await app.register(accountRoutes, { account, cookie: sessionCookie });
}

/** The page documents, whose first calls are answered by our own routes for the request's user. */
function pageDocuments(app: FastifyInstance, webDir: string, config: Config, auth: AuthService): PageDocuments | undefined {
  return PageDocuments.load(webDir, {
    publicUrl: config.publicUrl,
    sessionUser: (session) => auth.sessionUser(session),
    // The page's first calls, answered by our own routes for this request's user: the same answers the page would get.
    answer: async (request, url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'x-request-id': request.id, ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
        remoteAddress: request.ip,
      });
      return response.statusCode === 200 ? response.body : undefined;
    },
  });
}

function sweepHourly(app: FastifyInstance, { sessions, limiter, localCheckout, twoFactor, passkeys }: Services): void {
  // Expired sessions, tokens and counters are swept hourly; every process may do it, and deleting twice is harmless.
  const sweep = setInterval(() => {
    Promise.all([sessions.purgeExpired(), limiter.purgeExpired(), localCheckout?.settle(), twoFactor.purgeExpired(), passkeys.purgeExpired()]).catch((error: unknown) => app.log.warn({ err: error }, 'sweep failed'));
  }, 60 * 60 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

/** The built SPA: hashed assets cached for a year, and the page document for every page route. */
async function serveWebApp(app: FastifyInstance, pages: PageDocuments): Promise<void> {
  const { webDir } = pages;
  // One scope: the static plugin's `sendFile` is the page route's too.
  await registerWithAccess(app, 'public', async (scope) => {
    await scope.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    scope.get('/*', { config: PAGE_ROUTE_CONFIG, schema: { hide: true } }, async (request, reply) => {
      const pathname = matchedPath(request);
      const file = path.join(webDir, pathname);
      if (path.extname(file) && file.startsWith(webDir + path.sep) && existsSync(file)) return reply.sendFile(path.relative(webDir, file));
      // A build file that is not there (an old tab asking for a replaced chunk) is a 404, never a page that a script or stylesheet would be read from.
      if (pathname.startsWith('/assets/')) throw AppError.notFound();
      return pages.send(request, reply);
    });
  });
}

/** A share link's token is its whole permission: it never reaches the log. */
export function redactSharePath(path: string): string {
  return path.replace(/^\/(api\/)?share\/[^/]+/, (_match, api: string | undefined) => `/${api ?? ''}share/[token]`);
}

/**
 * JSON lines with the request id. URLs are logged without their query string (it can carry
 * tokens), and cookies and authorization headers never reach the log.
 */
function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      // `*.headers` also covers libraries that log the headers they were given (multipart at trace level).
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.headers.cookie', '*.headers.authorization'],
      remove: true,
    },
    serializers: {
      err: serializeError,
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        path: redactSharePath(request.url.split('?')[0] ?? ''),
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * A failed query's error carries the values it was given (health data, e-mail addresses) in its
 * message, its stack and a `params` field, here and in its cause: logged with the SQL, without them.
 */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  return withoutQueryValues(stdSerializers.err(error), error) as ReturnType<typeof stdSerializers.err>;
}

function withoutQueryValues(serialized: unknown, error: unknown): unknown {
  if (serialized === null || typeof serialized !== 'object') return serialized;
  const values = (error as { params?: unknown } | undefined)?.params;
  const hidden = Array.isArray(values) && values.length > 0 ? `params: ${String(values)}` : undefined;
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === 'params') continue;
    if (typeof value === 'string') clean[key] = hidden ? value.split(hidden).join('params: [not logged]') : value;
    else clean[key] = withoutQueryValues(value, (error as Record<string, unknown> | undefined)?.[key]);
  }
  return clean;
}

/**
 * The reads made on every page view, kept per user in memory (lib/user-cache.ts); with `seconds`
 * 0 the caches never listen and pass every read through. The database's notices keep every
 * process's copies current; a user's own write is also forgotten here before its answer leaves,
 * since on PostgreSQL the notice arrives a moment after the commit and the browser asks again at once.
 */
async function openUserCaches(app: FastifyInstance, database: Database, seconds: number) {
  const caches = {
    sessions: new UserCache<SessionRead>(seconds * 1000),
    days: new UserCache<DayView>(seconds * 1000),
    streaks: new UserCache<LoggedDaysSummary>(seconds * 1000),
  };
  if (seconds === 0) return caches;
  for (const cache of Object.values(caches)) await database.listen(USER_CHANGED_CHANNEL, cache);
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.auth) return;
    for (const cache of Object.values(caches)) cache.notified(request.auth.user.id);
  });
  return caches;
}
