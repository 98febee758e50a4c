import { escapeHtml, type MailContent, mailPage } from './templates';

// Mails to every manager about a terminal that met PIN guessing (ADR 15).

interface TerminalFacts {
  appName: string;
  publicUrl: string;
  terminalName: string;
  /** When, in the operator's time zone. */
  at: string;
}

function securityMail(f: TerminalFacts, subject: string, lines: string[], path: string): MailContent {
  const link = `${f.publicUrl}${path}`;
  return {
    subject,
    text: [...lines, '', link].join('\n'),
    html: mailPage(
      f.appName,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(link)}">Open Settings</a></p>`,
    ),
  };
}

/** A PIN that hit after wrong ones was locked: the driver cannot sign in at a terminal until unlocked. */
export function pinLockedMail(f: TerminalFacts & { driverName: string }): MailContent {
  return securityMail(
    f,
    `PIN locked: ${f.driverName} at ${f.terminalName}`,
    [
      `The PIN of ${f.driverName} was typed correctly at ${f.terminalName} at ${f.at}, right after several wrong PINs there, so it may have been guessed.`,
      'The PIN is locked: the terminal answers it as a wrong PIN until a manager unlocks it (Settings > Drivers). Consider giving the driver a new PIN.',
    ],
    '/settings/drivers',
  );
}

/** A terminal used up its hour of wrong PINs and takes none for a while. */
export function terminalBlockedMail(f: TerminalFacts & { until: string; failures: number }): MailContent {
  return securityMail(
    f,
    `Terminal blocked: ${f.terminalName}`,
    [
      `${f.terminalName} had ${f.failures} wrong PINs within an hour (the last at ${f.at}) and takes no PIN until ${f.until}.`,
      'If drivers are waiting to clock in, reset it in Settings > Terminals; if nobody there mistyped, someone may be guessing PINs.',
    ],
    '/settings/terminals',
  );
}
