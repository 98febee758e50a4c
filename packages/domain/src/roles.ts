// Kept apart from the Zod schemas: the web app's entry needs the roles, not Zod (ADR 20).

export const USER_ROLES = ['manager', 'driver'] as const;
export type UserRole = (typeof USER_ROLES)[number];
