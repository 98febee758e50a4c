import * as oidc from 'openid-client';
import type { Config } from '../../config';

/** What the browser must bring back to the callback; kept in the session meanwhile. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The identity the provider vouches for, from the verified ID token. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  scope: string | undefined;
}

export interface GoogleOidc {
  /** A new authorization request (code + PKCE, state, nonce). */
  start(): Promise<{ url: string; checks: OidcChecks }>;
  /** Validates the callback URL against the checks and redeems the code for a verified identity. */
  finish(callbackUrl: URL, checks: OidcChecks): Promise<ProviderIdentity>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

export function createGoogleOidc(google: NonNullable<Config['google']>, redirectUri: string): GoogleOidc {
  const issuer = new URL(google.issuerUrl);
  // Discovery is one HTTP round trip per process, not per sign-in; a failure is retried next time.
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        issuer,
        google.clientId,
        google.clientSecret,
        undefined,
        // Only a local test issuer is plain http; a real one never is.
        issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async start() {
      const config = await configuration();
      const checks: OidcChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url: url.href, checks };
    },

    async finish(callbackUrl, checks) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      return {
        subject: claims.sub,
        email: text(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        scope: tokens.scope,
      };
    },
  };
}
