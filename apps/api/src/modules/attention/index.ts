// The front door of the attention module (ADR 25): what other modules may use.
export { attentionRoutes } from './attention.routes';
export { type AttentionInput, checkClockIns, raiseAttention, sendAttentionMails } from './attention.service';
