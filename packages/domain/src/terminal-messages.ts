// The terminal's own messages, apart from its Zod schemas: the PIN pad shows them and loads no Zod (ADR 20).

export const TERMINAL_MESSAGES = {
  invalidPin: 'Invalid PIN. Please try again.',
  /** A manager's words for a PIN the terminal locked; the terminal itself answers a locked PIN as a wrong one. */
  pinLocked: 'This PIN is locked after too many wrong PINs. Ask a manager to unlock it.',
  notEnrolled: 'This device is not set up as a terminal. Ask a manager for an enrolment code.',
  badEnrolmentCode: 'That enrolment code is not valid or has expired. Ask a manager for a new one.',
  pinHint: 'Contact your manager if you need a PIN',
} as const;

/** The terminal's wrong PINs are used up (429): it names when PINs are taken again. */
export function terminalBlockedMessage(until: string): string {
  return `This terminal takes no PINs until ${until}: too many wrong PINs. A manager can reset it in Settings > Terminals.`;
}
