import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { backgroundTasks } from './background-tasks';
import { type Config, resolveSessionSecret } from './config';
import type { CreateBoss, Database, Engine, Listen } from './db/client';
import { eventsRoutes } from './events/events.routes';
import { logSafeError } from './http/log-safe-error';
import { pinDigest, pinKeyOf } from './lib/pin-digest';
import { deriveKey } from './lib/secrets';
import { createMailer, type Mailer } from './mail/mailer';
import { attentionRoutes } from './modules/attention';
import { authRoutes, googleRoutes } from './modules/auth';
import { complianceRoutes, complianceScansRoutes } from './modules/compliance';
import { customersRoutes } from './modules/customers';
import { depotsRoutes } from './modules/depots';
import { dispatchRoutes } from './modules/dispatch';
import { documentSettingsRoutes } from './modules/document-settings';
import { driverFormsRoutes } from './modules/driver-forms';
import { driversRoutes } from './modules/drivers';
import { emergencyTypesRoutes } from './modules/emergency-types';
import { healthRoutes } from './modules/health';
import { inspectionQuestionsRoutes } from './modules/inspection-questions';
import { invoicesRoutes } from './modules/invoices';
import { jobOffersRoutes } from './modules/job-offers';
import { jobSeriesRoutes } from './modules/job-series';
import { addressSuggestionsRoutes, jobPdfRoutes, jobsRoutes } from './modules/jobs';
import { logosRoutes } from './modules/logos';
import { settleNotification } from './modules/notifications';
import { overridesRoutes } from './modules/overrides';
import { preferencesRoutes } from './modules/preferences';
import { publicQuotesRoutes, quoteLinksRoutes } from './modules/quote-links';
import { fleetOverviewRoutes, reportsRoutes } from './modules/reports';
import { settingsRoutes } from './modules/settings';
import { timesheetsRoutes } from './modules/shifts';
import { subcontractorsRoutes } from './modules/subcontractors';
import { terminalsRoutes } from './modules/terminals';
import { termsTemplatesRoutes } from './modules/terms-templates';
import { digestLegacyPins } from './modules/users';
import { vehicleCategoriesRoutes } from './modules/vehicle-categories';
import { vehicleDefectsRoutes } from './modules/vehicle-defects';
import { vehiclesRoutes } from './modules/vehicles';
import { type IdentityResolver, registerAccessControl } from './plugins/access';
import { registerCompression } from './plugins/compression';
import { registerCrossSiteGuard } from './plugins/cross-site-guard';
import { registerErrorHandler } from './plugins/error-handler';
import { registerHousekeeping } from './plugins/housekeeping';
import { acceptEmptyJsonBodies } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { createSessionIdentityResolver } from './plugins/session-identity';
import { registerSessions } from './plugins/sessions';
import { registerWebApp } from './plugins/web-app';
import { BackgroundQueue } from './queue/background-queue';
import { linkRecords } from './record-links';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    engine: Engine;
    config: Config;
    /** Queues every mail when the app has its background queue; sends at once otherwise. */
    mailer: Mailer;
    /** Undefined without createBoss (one-shot CLI commands). */
    backgroundQueue: BackgroundQueue | undefined;
    /** The key of terminal PIN digests (lib/pin-digest.ts). */
    pinKey: string;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export interface BuildAppOptions {
  config: Config;
  db: Database;
  engine: Engine;
  /** Who is calling; by default the session's user. Tests may substitute a stand-in. */
  resolveIdentity?: IdentityResolver;
  /** LISTEN on the database (DatabaseHandle.listen): live events cross instances through it. */
  listen?: Listen;
  /**
   * The background queue on the database (DatabaseHandle.createBoss). Without it (one-shot CLI
   * commands) mail is sent at once and nothing runs on a schedule.
   */
  createBoss?: CreateBoss;
  /** Queue tuning for tests: the first mail retry delay in seconds, and the retries before failing. */
  mailRetryDelaySeconds?: number;
  mailRetryLimit?: number;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Extra routes (tests register probes through this before the app is sealed). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  linkRecords();
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            serializers: { err: (error: Error) => ({ ...logSafeError(error) }) },
          },
    // A client's X-Request-Id is kept only when it is a short token: it lands in every log line.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    // An over-long id or a malformed address answers in the API's error format.
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400);
      void (reply as unknown as FastifyReply)
        .code(status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ message: status === 400 ? 'Invalid address' : error.message }));
    },
    // One line per request is noise at info level; debug and trace show them.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('engine', options.engine);
  app.decorate('config', config);
  const secret = resolveSessionSecret(config);
  const transport = createMailer(config, app.log);
  const queue = options.createBoss
    ? new BackgroundQueue({
        createBoss: options.createBoss,
        transport,
        payloadSecret: deriveKey(secret, 'queue-payload'),
        log: app.log,
        onMailOutcome: (notificationId, outcome) => settleNotification(options.db, notificationId, outcome),
        mailRetryDelaySeconds: options.mailRetryDelaySeconds,
        mailRetryLimit: options.mailRetryLimit,
      })
    : undefined;
  app.decorate('mailer', queue ? queue.mailer : transport);
  app.decorate('backgroundQueue', queue);
  const pinKey = pinKeyOf(secret);
  app.decorate('pinKey', pinKey);
  // PINs kept in clear before issue 29 become digests before the first request (ADR 26).
  app.addHook('onReady', async () => {
    const moved = await digestLegacyPins(options.db, (pin) => pinDigest(pin, pinKey));
    if (moved > 0) app.log.info({ moved }, 'terminal PINs stored as digests');
  });
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // Answers hold personal data (emails, terminal PINs): no browser or proxy may keep them,
    // unless the route chose its own caching (logo files).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  // Before any route: the plugin adds its hook to each route as it is declared.
  await registerCompression(app);
  registerSecurityHeaders(app, { https });
  registerCrossSiteGuard(app, { publicUrl: config.publicUrl, development: !config.production });
  // Before access control: its identity resolver reads the session.
  await registerSessions(app, {
    db: options.db,
    secret: deriveKey(secret, 'session-cookie'),
    https,
    publicUrl: config.publicUrl,
  });
  registerAccessControl(app, options.resolveIdentity ?? createSessionIdentityResolver(options.db));
  registerHousekeeping(app, options.db);
  await registerOpenApi(app, { appName: 'Driver Management System' });

  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await app.register(authRoutes, { codePepper: deriveKey(secret, 'verification-code') });
  await app.register(googleRoutes);
  await app.register(preferencesRoutes);
  await app.register(attentionRoutes);
  await app.register(vehiclesRoutes);
  await app.register(vehicleDefectsRoutes);
  await app.register(vehicleCategoriesRoutes);
  await app.register(depotsRoutes);
  await app.register(subcontractorsRoutes);
  await app.register(driversRoutes);
  await app.register(complianceRoutes);
  await app.register(complianceScansRoutes);
  await app.register(customersRoutes);
  await app.register(logosRoutes);
  await app.register(documentSettingsRoutes);
  await app.register(termsTemplatesRoutes);
  await app.register(inspectionQuestionsRoutes);
  await app.register(emergencyTypesRoutes);
  await app.register(jobsRoutes);
  await app.register(jobPdfRoutes);
  await app.register(invoicesRoutes);
  await app.register(addressSuggestionsRoutes);
  await app.register(jobOffersRoutes);
  await app.register(jobSeriesRoutes);
  await app.register(quoteLinksRoutes);
  await app.register(publicQuotesRoutes);
  await app.register(dispatchRoutes);
  await app.register(driverFormsRoutes);
  await app.register(reportsRoutes);
  await app.register(overridesRoutes);
  await app.register(fleetOverviewRoutes);
  await app.register(timesheetsRoutes);
  await app.register(terminalsRoutes, { enrolmentKey: deriveKey(secret, 'terminal-enrolment') });
  await app.register(eventsRoutes, { listen: options.listen });
  if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes?.(scope));

  await registerWebApp(app, { distDir: config.webDistDir });
  // The queue works once every route is in place, and stops before the database closes.
  if (queue) {
    queue.setTasks(backgroundTasks(app));
    app.addHook('onReady', async () => queue.start());
  }
  app.addHook('onClose', async () => {
    await queue?.stop();
    transport.close();
  });
  return app;
}
