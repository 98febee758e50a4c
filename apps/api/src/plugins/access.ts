import type { UserRole } from '@dms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who may call a route. Every /api route declares it in `config.access`; registration fails
 * otherwise, so a route cannot be added without a decision. A list means "any of these".
 */
export const ACCESS_LEVELS = ['public', 'authenticated', 'manager', 'driver', 'terminal'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export type Access = AccessLevel | readonly AccessLevel[];

/** The caller as far as access is concerned: a signed-in user and/or a driver signed in at the terminal. */
export interface Identity {
  user: { id: string; roles: readonly UserRole[] } | null;
  terminalDriverId: string | null;
}

export const ANONYMOUS: Identity = Object.freeze({ user: null, terminalDriverId: null });

export type IdentityResolver = (request: FastifyRequest) => Promise<Identity> | Identity;

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    identity: Identity;
  }
  interface FastifyInstance {
    /** Every registered /api route with its declared access (the route walk test reads it). */
    routeCatalog: RouteEntry[];
  }
}

// Routes added by the OpenAPI UI plugin cannot carry our config; they are public documentation.
const PUBLIC_PREFIXES = ['/api/docs'];

function levels(access: Access): readonly AccessLevel[] {
  return typeof access === 'string' ? [access] : access;
}

export function allows(access: Access, identity: Identity): boolean {
  return levels(access).some((level) => {
    switch (level) {
      case 'public':
        return true;
      case 'authenticated':
        return identity.user !== null;
      case 'manager':
      case 'driver':
        return identity.user?.roles.includes(level) ?? false;
      case 'terminal':
        return identity.terminalDriverId !== null;
      default:
        return false;
    }
  });
}

function isAnonymousFor(access: Access, identity: Identity): boolean {
  const needsTerminal = levels(access).includes('terminal');
  return identity.user === null && (!needsTerminal || identity.terminalDriverId === null);
}

export function registerAccessControl(app: FastifyInstance, resolveIdentity: IdentityResolver): void {
  app.decorate('routeCatalog', []);
  // Fastify refuses object defaults on requests; every matched request gets one in the hook below.
  app.decorateRequest('identity', null as unknown as Identity);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    let access = route.config?.access;
    if (!access && PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) {
      access = 'public';
      route.config = { ...route.config, access };
    }
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeCatalog.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    request.identity = ANONYMOUS;
    if (request.is404) return;
    const access = request.routeOptions.config.access ?? 'public';
    request.identity = await resolveIdentity(request);
    if (access === 'public') return;
    if (allows(access, request.identity)) return;
    if (isAnonymousFor(access, request.identity)) {
      return reply.code(401).send({ message: 'Unauthorized' });
    }
    return reply.code(403).send({ message: 'Forbidden' });
  });
}
