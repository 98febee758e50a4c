import { type MailContent, passwordResetMail, verificationCodeMail } from '../../mail/templates';
import { getAppSettings } from '../settings/settings.repository';
import type { AuthDeps } from './auth-deps';

async function send(deps: AuthDeps, to: string, build: (appName: string) => MailContent): Promise<void> {
  const { appName } = await getAppSettings(deps.db);
  await deps.mailer.send({ to, ...build(appName) });
}

export function sendVerificationCodeMail(deps: AuthDeps, to: string, code: string): Promise<void> {
  return send(deps, to, (appName) => verificationCodeMail({ appName, code }));
}

export function sendPasswordResetMail(deps: AuthDeps, to: string, token: string): Promise<void> {
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return send(deps, to, (appName) => passwordResetMail({ appName, link }));
}
