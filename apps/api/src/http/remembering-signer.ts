import { Signer } from '@fastify/cookie';

/** Sessions in flight at once on one instance are far fewer: past this the oldest is forgotten. */
export const REMEMBERED_SIGNATURES = 10_000;

/**
 * The session cookie's signer, remembering the signatures it has checked. @fastify/session computes two
 * HMACs on every request (it checks the cookie, then signs the same id again for the answer); the
 * result of each is fixed by the secret and the id, so a cookie seen before costs a map lookup. Only
 * valid signatures are kept: a forged cookie is checked in full every time and cannot crowd out
 * others for long, since the map keeps at most REMEMBERED_SIGNATURES and forgets the oldest first.
 */
export function rememberingSigner(secret: string): Pick<Signer, 'sign' | 'unsign'> {
  const signer = new Signer(secret, 'sha256');
  const signedOfId = new Map<string, string>();
  const idOfSigned = new Map<string, string>();
  const remember = (value: string, signed: string) => {
    if (signedOfId.size >= REMEMBERED_SIGNATURES) {
      const oldest = signedOfId.keys().next().value as string;
      idOfSigned.delete(signedOfId.get(oldest) as string);
      signedOfId.delete(oldest);
    }
    signedOfId.set(value, signed);
    idOfSigned.set(signed, value);
  };
  return {
    sign(value) {
      const known = signedOfId.get(value);
      if (known !== undefined) return known;
      const signed = signer.sign(value);
      remember(value, signed);
      return signed;
    },
    unsign(signed) {
      const known = idOfSigned.get(signed);
      if (known !== undefined) return { valid: true, renew: false, value: known };
      const result = signer.unsign(signed);
      if (result.valid && result.value !== null) remember(result.value, signed);
      return result;
    },
  };
}
