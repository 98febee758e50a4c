// The terminal's own messages, apart from its Zod schemas: the PIN pad shows them and loads no Zod (ADR 20).

export const TERMINAL_MESSAGES = {
  invalidPin: 'Invalid PIN. Please try again.',
  pinLocked: 'This PIN is locked after too many wrong PINs. Ask a manager to unlock it.',
  notEnrolled: 'This device is not set up as a terminal. Ask a manager for an enrolment code.',
  badEnrolmentCode: 'That enrolment code is not valid or has expired. Ask a manager for a new one.',
  pinHint: 'Contact your manager if you need a PIN',
} as const;
