import { pinKeyOf } from '../lib/pin-digest';

/** The session secret of every test app (test-app.ts), and the PIN key it gives. */
export const TEST_SESSION_SECRET = 'test-session-secret-of-at-least-thirty-two-characters';
export const TEST_PIN_KEY = pinKeyOf(TEST_SESSION_SECRET);
