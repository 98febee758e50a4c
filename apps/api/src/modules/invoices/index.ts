// The front door of the invoices module (ADR 25, ADR 30): what other modules may use.
export { sendInvoiceReminders } from './invoice-reminders';
export { balancesOfCustomers } from './invoices.repository';
export { invoicesRoutes } from './invoices.routes';
