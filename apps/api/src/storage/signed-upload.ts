import { createHmac, timingSafeEqual } from 'node:crypto';

// HMAC-signed upload addresses of the local engine: the signature is the credential of the PUT
// (the route is public), so it covers everything the PUT may do: which key, which content type,
// how many bytes at most, until when.

export interface UploadGrant {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Seconds since the epoch. */
  expires: number;
}

export type UploadSignatureCheck = 'ok' | 'invalid' | 'expired';

/** A key derived from the session secret, so that an upload signature can never pass for a cookie one. */
function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('dms:upload-url:v1').digest();
}

export function signUpload(secret: string, grant: UploadGrant): string {
  const payload = [grant.key, grant.contentType.toLowerCase(), grant.maxBytes, grant.expires].join('\n');
  return createHmac('sha256', signingKey(secret)).update(payload).digest('base64url');
}

export function checkUploadSignature(
  secret: string,
  grant: UploadGrant,
  signature: string,
  now: Date = new Date(),
): UploadSignatureCheck {
  const expected = Buffer.from(signUpload(secret, grant));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (!Number.isSafeInteger(grant.expires) || grant.expires * 1000 < now.getTime()) return 'expired';
  return 'ok';
}
