import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import { BROTLI_OPTIONS, GZIP_OPTIONS } from './compression';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { postgresRateLimitStore } from './plugins/rateLimitStore';
import type { JobRunnerOptions } from './jobs/queue';
import { s3ConfigOf, type S3BlobConfig } from './blobStoreS3';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from './db/database';
import type { ReadReplicas } from './db/readReplicas';
import { TOO_MANY_REQUESTS } from './errors';
import { serializerCompiler } from './serialization';
import { validatorCompiler } from './validation';
import authPlugin from './plugins/auth';
import databasePlugin from './plugins/database';
import errorsPlugin, { NOT_FOUND } from './plugins/errors';
import { loggerOptions } from './plugins/logging';
import securityHeaders from './plugins/securityHeaders';
import openapiPlugin from './plugins/openapi';
import accountLinkRoutes from './routes/accountLinks';
import analyticsRoutes from './routes/analytics';
import accountRoutes from './routes/accounts';
import artistRoutes from './routes/artists';
import dashboardRoutes from './routes/dashboard';
import defaultSplitRoutes from './routes/defaultSplits';
import distributorRoutes from './routes/distributors';
import distributorTakeRoutes from './routes/distributorTakes';
import emulationRoutes from './routes/emulation';
import eventRoutes from './routes/events';
import eventStreamRoutes, { type EventStreamOptions } from './routes/eventStream';
import healthRoutes from './routes/health';
import outboxRoutes from './routes/outbox';
import payeeInvitationRoutes from './routes/payeeInvitations';
import productRoutes from './routes/products';
import productRequestRoutes from './routes/productRequests';
import productSplitRoutes from './routes/productSplits';
import recoupmentRoutes from './routes/recoupments';
import sessionRoutes from './routes/session';
import presetRoutes from './routes/presets';
import payeeStatementRoutes from './routes/payeeStatements';
import statementActionRoutes from './routes/statementActions';
import statementAdjustmentRoutes from './routes/statementAdjustments';
import statementRoutes from './routes/statements';
import statementUploadRoutes from './routes/statementUpload';
import intakeKeyRoutes from './routes/intakeKeys';
import messageRoutes from './routes/messages';
import statementRecordsCsvRoutes from './routes/statementRecordsCsv';
import accountLayoutRoutes from './routes/accountLayouts';
import statementPreviewRoutes from './routes/statementPreview';
import servicesPlugin from './plugins/services';
import { paymentConfig, type PaymentConfig } from './payments/config';
import userRoutes, { userInvitationRoutes } from './routes/users';
import walletRoutes from './routes/wallet';
import paymentRoutes from './routes/payments';
import partnerWebhookRoutes from './routes/partnerWebhooks';
import paymentSettingsRoutes from './routes/paymentSettings';
import reserveRoutes from './routes/reserves';
import periodRoutes from './routes/periods';
import journalRoutes from './routes/journals';
import bankFileOriginatorRoutes from './routes/bankFileOriginator';
import bankFileRoutes from './routes/bankFiles';
import bankAccountRoutes from './routes/bankAccount';
import settingsRoutes from './routes/settings';
import businessRoutes from './routes/business';
import taxFormRoutes from './routes/taxForms';
import type { ImportLimits } from './import/limits';
import adminAccountRoutes from './routes/adminAccounts';
import adminDeskRoutes from './routes/adminDesk';
import historyRoutes from './routes/history';

export { TOO_MANY_REQUESTS };

export interface AppOptions {
  db: Database;
  /** Hot standbys of `db` for the read routes (`DATABASE_READ_URL`), or null: all on `db`. */
  readReplicas: ReadReplicas | null;
  now: () => Date;
  logger: FastifyServerOptions['logger'];
  /** The built browser app to serve beside /api/, or null for an API only. */
  staticDir: string | null;
  environment: string;
  /** The partner music hub behind /ada (`ADA_HUB_URL`), or null when this install has none. */
  adaHubUrl: string | null;
  /** Where the portal is reached, for links in e-mails. */
  publicUrl: string;
  secureCookies: boolean;
  rateLimit: { max: number; timeWindow: number };
  loginRateLimit: { max: number; timeWindow: number };
  /** `LOGIN_REFUSAL_MS`: the soonest a refused login is answered (session.ts). */
  refusedLoginMs: number;
  /** Statements one intake key may send per window. */
  intakeRateLimit: { max: number; timeWindow: number };
  /** Where original statement files are kept. */
  blobDir: string;
  /** Work the job queue in this process (tests drain it by hand). */
  /** `BLOB_S3_*`: uploaded files in S3-compatible storage instead of `blobDir`. */
  blobS3: S3BlobConfig | null;
  runJobs: boolean;
  /** How this process runs the shared job queue (`JOB_LEASE_MS`, `JOB_CONCURRENCY`). */
  jobs: Partial<JobRunnerOptions>;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  /** The payment batch period and the sandbox payment partner. */
  payments: PaymentConfig;
  /** The statement import's bounds (server/import/limits.ts) when not the defaults. */
  importLimits?: Partial<ImportLimits>;
  /** The live event stream's beats; tests make them short. */
  live?: EventStreamOptions;
}

/**
 * The partner hub's address as the install gives it: an http(s) address (opened in a new tab) or
 * a path of this site. Anything else stops the server with the reason, rather than a dead link.
 */
export function adaHubUrlOf(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (/^https?:\/\/[^\s/]+\S*$/i.test(url) || /^\/(?!\/)\S*$/.test(url)) return url;
  throw new Error(`ADA_HUB_URL must be an http(s) address or a path starting with /: ${url}`);
}

/** The job runner's settings the environment gives; the rest are the runner's defaults. */
function jobOptionsOf(env: NodeJS.ProcessEnv): Partial<JobRunnerOptions> {
  const positive = (name: string) => {
    const value = env[name];
    if (value === undefined || value === '') return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0) {
      throw new Error(`${name} must be a whole number above 0, not "${value}".`);
    }
    return number;
  };
  const leaseMs = positive('JOB_LEASE_MS');
  const concurrency = positive('JOB_CONCURRENCY');
  return {
    ...(leaseMs ? { leaseMs, heartbeatMs: Math.max(1, Math.floor(leaseMs / 5)) } : {}),
    ...(concurrency ? { concurrency } : {}),
  };
}

/** A year: the longest a browser is asked to keep a file. */
const HASHED_FILE_MAX_AGE_S = 31_536_000;

/**
 * How long a browser keeps a file of the built app (`path` inside it). The files under `assets/`
 * have their content's hash in their names: a new build gives new names, so a browser keeps them
 * for good and asks the server nothing when a page opens again. Anything else (the page itself)
 * is asked for again each time, so a new build is seen at the next visit.
 */
function staticCacheControl(path: string): string {
  return path.startsWith(`assets${sep}`)
    ? `public, max-age=${HASHED_FILE_MAX_AGE_S}, immutable`
    : 'no-cache';
}

/** The options production runs with; tests change only the database, the clock and the logger. */
export function defaultAppOptions(db: Database, env: NodeJS.ProcessEnv = process.env): AppOptions {
  const staticDir = join(import.meta.dirname, '..', 'dist');
  return {
    db,
    readReplicas: null,
    now: () => new Date(),
    logger: loggerOptions(env.LOG_LEVEL ?? 'info'),
    staticDir: existsSync(join(staticDir, 'index.html')) ? staticDir : null,
    environment: env.PORTAL_ENVIRONMENT ?? 'development',
    adaHubUrl: adaHubUrlOf(env.ADA_HUB_URL),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/$/, ''),
    secureCookies: env.SECURE_COOKIES === 'true',
    rateLimit: { max: Number(env.RATE_LIMIT_MAX ?? 600), timeWindow: 60_000 },
    loginRateLimit: { max: Number(env.LOGIN_RATE_LIMIT_MAX ?? 30), timeWindow: 60_000 },
    refusedLoginMs: Number(env.LOGIN_REFUSAL_MS ?? 300),
    intakeRateLimit: { max: Number(env.INTAKE_RATE_LIMIT_MAX ?? 30), timeWindow: 60_000 },
    bodyLimit: 1024 * 1024,
    blobDir: resolve(env.BLOB_DIR ?? join(env.DATA_DIR ?? 'data', 'blobs')),
    blobS3: s3ConfigOf(env),
    runJobs: true,
    jobs: jobOptionsOf(env),
    payments: paymentConfig(env),
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger,
    bodyLimit: options.bodyLimit,
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler());
  app.setSerializerCompiler(serializerCompiler());

  // External plugins first, then the app's services, then the routes.
  await app.register(errorsPlugin);
  await app.register(securityHeaders, { overTls: options.secureCookies });
  // Answers of 1 KB and more go out compressed to a browser that accepts it: brotli at a quality
  // made for answers built on request, else gzip. The live event stream writes its own response
  // and is never held back to be compressed.
  await app.register(compress, {
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.timeWindow,
    // Several servers on one PostgreSQL count together; the embedded database has one process.
    ...(options.db.kind === 'postgres' ? { store: postgresRateLimitStore(options.db) } : {}),
    // The API is what the limit protects: one page opens a dozen of the app's own files, and a
    // person going through pages would otherwise be refused the code of the next one.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_REQUESTS }),
  });
  await app.register(openapiPlugin);
  await app.register(multipart, { limits: { fieldSize: 64 * 1024, parts: 50 } });
  await app.register(databasePlugin, {
    db: options.db,
    now: options.now,
    readReplicas: options.readReplicas,
  });
  await app.register(servicesPlugin, {
    blobDir: options.blobDir,
    blobS3: options.blobS3,
    runJobs: options.runJobs,
    jobs: options.jobs,
    payments: options.payments,
    importLimits: options.importLimits,
  });
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(sessionRoutes, {
    environment: options.environment,
    adaHubUrl: options.adaHubUrl,
    paymentRail: options.payments.rail,
    publicUrl: options.publicUrl,
    secureCookies: options.secureCookies,
    loginRateLimit: options.loginRateLimit,
    refusedLoginMs: options.refusedLoginMs,
  });
  await app.register(emulationRoutes, {
    environment: options.environment,
    adaHubUrl: options.adaHubUrl,
    paymentRail: options.payments.rail,
  });
  await app.register(accountLinkRoutes, {
    publicUrl: options.publicUrl,
    rateLimit: options.loginRateLimit,
  });
  await app.register(payeeInvitationRoutes, { rateLimit: options.loginRateLimit });
  await app.register(outboxRoutes);
  await app.register(accountRoutes);
  await app.register(userRoutes);
  await app.register(userInvitationRoutes, { publicUrl: options.publicUrl });
  await app.register(presetRoutes);
  await app.register(artistRoutes);
  await app.register(distributorRoutes);
  await app.register(productRoutes);
  await app.register(productRequestRoutes);
  await app.register(productSplitRoutes, { publicUrl: options.publicUrl });
  await app.register(recoupmentRoutes);
  await app.register(analyticsRoutes);
  await app.register(distributorTakeRoutes);
  await app.register(defaultSplitRoutes, { publicUrl: options.publicUrl });
  await app.register(eventRoutes);
  await app.register(eventStreamRoutes, options.live ?? {});
  await app.register(walletRoutes);
  await app.register(paymentRoutes);
  await app.register(partnerWebhookRoutes);
  await app.register(paymentSettingsRoutes);
  await app.register(reserveRoutes);
  await app.register(periodRoutes);
  await app.register(journalRoutes);
  await app.register(bankFileOriginatorRoutes);
  await app.register(bankFileRoutes);
  await app.register(bankAccountRoutes);
  await app.register(settingsRoutes, { publicUrl: options.publicUrl });
  await app.register(businessRoutes);
  await app.register(taxFormRoutes);
  await app.register(adminAccountRoutes);
  await app.register(adminDeskRoutes);
  await app.register(messageRoutes);
  await app.register(dashboardRoutes);
  await app.register(historyRoutes);
  await app.register(statementUploadRoutes);
  await app.register(intakeKeyRoutes, { rateLimit: options.intakeRateLimit });
  await app.register(statementPreviewRoutes);
  await app.register(accountLayoutRoutes);
  await app.register(statementRecordsCsvRoutes);
  await app.register(statementRoutes);
  await app.register(statementActionRoutes, { publicUrl: options.publicUrl });
  await app.register(statementAdjustmentRoutes);
  await app.register(payeeStatementRoutes);

  if (options.staticDir) {
    const staticDir = options.staticDir;
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // The build writes each file's brotli and gzip forms beside it (vite.config.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', staticCacheControl(relative(staticDir, path)));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A built file that is not there (a chunk of an earlier build, asked for by a tab opened before
    // an update) is a 404, not the page: the browser would refuse that page as the script it asked.
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/');
    if (wantsPage && options.staticDir) {
      // Every other path is a route of the browser app, which shows its own 404.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: NOT_FOUND });
  });
  return app;
}
