// The front door of the customers module (ADR 25): what other modules may use.
export { insertContact, insertCustomer, recordCompletedBooking } from './customers.repository';
export { customersRoutes } from './customers.routes';
export { contactUsers, customerBalances } from './customers.service';
