/** Validation messages fixed by the spec, written once for the forms and the server. */
export const MESSAGES = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 6 characters',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  passwordsDontMatch: "Passwords don't match",
  driverPin: 'Driver PIN must be exactly 4 digits',
  terminalPin: 'Please enter a 4-digit PIN',
  reminderHours: 'Reminder hours must be between 1 and 168',
} as const;
