import { Events, OAuth2Server } from 'oauth2-mock-server';

export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcIssuer {
  /** OIDC_ISSUER_URL for the app under test. */
  url: string;
  /** The identity the next sign-ins are for. */
  setIdentity(identity: TestIdentity): void;
  /** Calls the issuer's authorize endpoint as the browser would and answers where it redirects to. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** A local OpenID provider (oauth2-mock-server) on 127.0.0.1 and a free port. */
export async function startTestOidcIssuer(): Promise<TestOidcIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: TestIdentity = { sub: 'test-subject' };
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, identity);
  });
  return {
    url: server.issuer.url!,
    setIdentity(next) {
      identity = next;
    },
    async authorize(authorizationUrl) {
      const res = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}`);
      return new URL(location);
    },
    close: () => server.stop(),
  };
}
