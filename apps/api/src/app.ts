import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, resolveSessionSecret } from './config';
import type { Database, Engine } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { googleRoutes } from './modules/auth/google.routes';
import { deriveKey } from './modules/auth/secrets';
import { customersRoutes } from './modules/customers/customers.routes';
import { depotsRoutes } from './modules/depots/depots.routes';
import { documentSettingsRoutes } from './modules/document-settings/document-settings.routes';
import { driversRoutes } from './modules/drivers/drivers.routes';
import { emergencyTypesRoutes } from './modules/emergency-types/emergency-types.routes';
import { healthRoutes } from './modules/health/health.routes';
import { inspectionQuestionsRoutes } from './modules/inspection-questions/inspection-questions.routes';
import { logosRoutes } from './modules/logos/logos.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { subcontractorsRoutes } from './modules/subcontractors/subcontractors.routes';
import { termsTemplatesRoutes } from './modules/terms-templates/terms-templates.routes';
import { vehicleCategoriesRoutes } from './modules/vehicle-categories/vehicle-categories.routes';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes';
import { type IdentityResolver, registerAccessControl } from './plugins/access';
import { registerCrossSiteGuard } from './plugins/cross-site-guard';
import { registerErrorHandler } from './plugins/error-handler';
import { registerHousekeeping } from './plugins/housekeeping';
import { acceptEmptyJsonBodies } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { createSessionIdentityResolver } from './plugins/session-identity';
import { registerSessions } from './plugins/sessions';
import { registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    engine: Engine;
    config: Config;
    mailer: Mailer;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  engine: Engine;
  /** Who is calling; by default the session's user. Tests may substitute a stand-in. */
  resolveIdentity?: IdentityResolver;
  /** Extra routes (tests register probes through this before the app is sealed). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    requestIdHeader: 'x-request-id',
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
  const mailer = createMailer(config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const secret = resolveSessionSecret(config);
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  registerSecurityHeaders(app, { https });
  registerCrossSiteGuard(app, { publicUrl: config.publicUrl });
  // Before access control: its identity resolver reads the session.
  await registerSessions(app, { db: options.db, secret: deriveKey(secret, 'session-cookie'), https });
  registerAccessControl(app, options.resolveIdentity ?? createSessionIdentityResolver(options.db));
  registerHousekeeping(app, options.db);
  await registerOpenApi(app, { appName: 'Driver Management System' });

  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await app.register(authRoutes, { codePepper: deriveKey(secret, 'verification-code') });
  await app.register(googleRoutes);
  await app.register(preferencesRoutes);
  await app.register(vehiclesRoutes);
  await app.register(vehicleCategoriesRoutes);
  await app.register(depotsRoutes);
  await app.register(subcontractorsRoutes);
  await app.register(driversRoutes);
  await app.register(customersRoutes);
  await app.register(logosRoutes);
  await app.register(documentSettingsRoutes);
  await app.register(termsTemplatesRoutes);
  await app.register(inspectionQuestionsRoutes);
  await app.register(emergencyTypesRoutes);
  if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes?.(scope));

  await registerWebApp(app, { distDir: config.webDistDir });
  return app;
}
