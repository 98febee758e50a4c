// The front door of the notifications module (ADR 25): what other modules may use.
export { type NotificationDeps, notifyAboutJob } from './job-notifications';
export { recipients, settleNotification } from './notifications.repository';
