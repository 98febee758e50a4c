// A local OpenID Connect issuer standing in for Google in the browser journeys (oauth2-mock-server).
// Playwright starts it before the app (apps/web/playwright.config.ts) and polls its discovery URL.
// Every sign-in through it is the user of E2E_GOOGLE_EMAIL / _GIVEN_NAME / _FAMILY_NAME.
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.env.E2E_OIDC_PORT ?? 5098);
const email = process.env.E2E_GOOGLE_EMAIL ?? 'google.user@example.test';
const givenName = process.env.E2E_GOOGLE_GIVEN_NAME ?? 'Grace';
const familyName = process.env.E2E_GOOGLE_FAMILY_NAME ?? 'Googler';
const subject = `e2e-${Buffer.from(email).toString('hex')}`;

const identity = {
  sub: subject,
  email,
  email_verified: true,
  given_name: givenName,
  family_name: familyName,
  name: `${givenName} ${familyName}`,
};

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');

server.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, identity);
});
server.service.on('beforeUserinfo', (userInfoResponse) => {
  userInfoResponse.body = { ...identity };
});

// The app is configured with http://127.0.0.1:PORT; without this the issuer would call itself localhost
// and the app's discovery would refuse the mismatch.
server.issuer.url = `http://127.0.0.1:${port}`;
await server.start(port, '127.0.0.1');
process.stdout.write(`mock OIDC issuer at ${server.issuer.url}\n`);

const stop = async () => {
  await server.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
