import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { REMEMBERED_SIGNATURES, rememberingSigner } from './remembering-signer';

const SECRET = 'a-session-secret-of-at-least-thirty-two-characters';

describe('the session cookie signer', () => {
  it('signs and checks as the plain signer does, the first time and every time after', () => {
    const plain = new Signer(SECRET, 'sha256');
    const remembering = rememberingSigner(SECRET);
    const signed = plain.sign('session-id-1');
    for (let i = 0; i < 3; i++) {
      expect(remembering.sign('session-id-1')).toBe(signed);
      expect(remembering.unsign(signed)).toEqual({ valid: true, renew: false, value: 'session-id-1' });
    }
  });

  it('refuses a forged or altered signature however often it is sent, and after the real one was seen', () => {
    const remembering = rememberingSigner(SECRET);
    const signed = remembering.sign('session-id-2');
    const forged = new Signer('another-secret-of-at-least-thirty-two-chars', 'sha256').sign('session-id-2');
    const altered = `session-id-3${signed.slice('session-id-2'.length)}`;
    for (let i = 0; i < 2; i++) {
      expect(remembering.unsign(forged).valid).toBe(false);
      expect(remembering.unsign(altered).valid).toBe(false);
    }
    expect(remembering.unsign(signed).value).toBe('session-id-2');
  });

  it('forgets the oldest past its bound and still checks it right when it comes back', () => {
    const remembering = rememberingSigner(SECRET);
    const first = remembering.sign('id-0');
    for (let i = 1; i <= REMEMBERED_SIGNATURES + 5; i++) remembering.sign(`id-${i}`);
    expect(remembering.unsign(first)).toEqual({ valid: true, renew: false, value: 'id-0' });
    expect(remembering.unsign(`${first}x`).valid).toBe(false);
  });
});
