import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Queued mails carry secrets (verification codes, reset links): their payload is sealed with
// AES-256-GCM under a key derived from the session secret, so the queue's tables and their backups
// never hold them in clear text.

export interface SealedPayload {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

const keyOf = (secret: string) => createHash('sha256').update(secret).digest();

export function seal(value: unknown, secret: string): SealedPayload {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

export function unseal<T>(payload: SealedPayload, secret: string): T {
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(payload.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(payload.tag, 'base64'));
  const text = Buffer.concat([
    decipher.update(Buffer.from(payload.data, 'base64')),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(text) as T;
}
