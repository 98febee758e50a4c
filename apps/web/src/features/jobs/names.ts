/** A driver as the job screens name them: first and last name, or 'Driver' when neither is known. */
export const driverName = (d: { firstName: string | null; lastName: string | null }) =>
  [d.firstName, d.lastName].filter(Boolean).join(' ') || 'Driver';
