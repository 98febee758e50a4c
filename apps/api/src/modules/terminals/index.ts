// The front door of the terminals module (ADR 25): what other modules may use.
export { terminalsRoutes } from './terminals.routes';
export { createTerminal, terminalEnrolmentKey } from './terminals.service';
