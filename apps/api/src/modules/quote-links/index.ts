// The front door of the quote-links module (ADR 25): what other modules may use.
export { PUBLIC_QUOTE_THROTTLES, publicQuotesRoutes } from './public-quotes.routes';
export { quoteLinksRoutes } from './quote-links.routes';
export { sendQuoteReminders } from './quote-links.service';
