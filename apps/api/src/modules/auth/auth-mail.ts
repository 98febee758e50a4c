import type { Db } from '../../db/client';
import { type MailContent, passwordResetMail, verificationCodeMail } from '../../mail/templates';
import { getAppSettings } from '../settings';
import type { AuthDeps } from './auth-deps';

// Account mails are queued in the transaction that writes their code or token: both are kept, or
// neither, so a crash never leaves a code that no mail carries.

async function send(
  deps: AuthDeps,
  tx: Db,
  to: string,
  build: (appName: string) => MailContent,
): Promise<void> {
  const { appName } = await getAppSettings(tx);
  await deps.mailer.send({ to, ...build(appName) }, { tx });
}

export function sendVerificationCodeMail(deps: AuthDeps, tx: Db, to: string, code: string): Promise<void> {
  return send(deps, tx, to, (appName) => verificationCodeMail({ appName, code }));
}

export function sendPasswordResetMail(deps: AuthDeps, tx: Db, to: string, token: string): Promise<void> {
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return send(deps, tx, to, (appName) => passwordResetMail({ appName, link }));
}
