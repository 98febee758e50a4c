import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Engine } from './db/client';
import { healthRoutes } from './modules/health/health.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { ANONYMOUS, type IdentityResolver, registerAccessControl } from './plugins/access';
import { registerCrossSiteGuard } from './plugins/cross-site-guard';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    engine: Engine;
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  engine: Engine;
  /** Who is calling. Until sessions exist every caller is anonymous. */
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
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('engine', options.engine);
  app.decorate('config', config);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  registerCrossSiteGuard(app, { publicUrl: config.publicUrl });
  registerAccessControl(app, options.resolveIdentity ?? (() => ANONYMOUS));
  await registerOpenApi(app, { appName: 'Driver Management System' });

  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes?.(scope));

  await registerWebApp(app, { distDir: config.webDistDir });
  return app;
}
