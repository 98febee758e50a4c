import { z } from 'zod';
import { MESSAGES } from './messages';
import { USER_ROLES } from './roles';
import { EmailSchema, FirstNameSchema, LastNameSchema, PasswordSchema } from './user.schema';

// Contracts of the account calls (spec 1 §3, §5, §7). The forms and the routes use the same schemas.

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const RESEND_COOLDOWN_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 60;

/** Non-digits stripped, cut to six characters (spec 1 §5). */
export function normaliseVerificationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

export const SessionUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** Legacy single role: the first of `roles`, kept for old clients. */
  role: z.enum(USER_ROLES),
  roles: z.array(z.enum(USER_ROLES)),
  emailVerified: z.union([z.literal(0), z.literal(1)]),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** GET /api/user, POST /api/login, POST /api/auth/verify-email-code. */
export const CurrentUserResponseSchema = z.object({ user: SessionUserSchema });
export type CurrentUserResponse = z.infer<typeof CurrentUserResponseSchema>;

export const LoginInputSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** 403 answer of POST /api/login for an account whose email is not verified. */
export const LoginErrorSchema = z.object({
  message: z.string(),
  needsVerification: z.boolean().optional(),
  email: z.string().optional(),
});
export type LoginError = z.infer<typeof LoginErrorSchema>;

export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  /** Sent by the client; every new account is a driver whatever it says (spec 1 §6). */
  role: z.string().optional(),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const VerificationCodeSchema = z
  .string()
  .regex(/^\d{6}$/, { error: 'Please enter a valid 6-digit verification code.' });

export const VerifyEmailInputSchema = z.object({ email: EmailSchema, code: VerificationCodeSchema });
export type VerifyEmailInput = z.infer<typeof VerifyEmailInputSchema>;

export const EmailOnlyInputSchema = z.object({ email: EmailSchema });
export type EmailOnlyInput = z.infer<typeof EmailOnlyInputSchema>;

export const ResetPasswordInputSchema = z.object({
  token: z.string().min(1, { error: 'No reset token available' }),
  newPassword: PasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** The reset form adds a confirmation that never leaves the browser. */
export const ResetPasswordFormSchema = z
  .object({ newPassword: PasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.passwordsDontMatch,
  });

export const MessageResponseSchema = z.object({ message: z.string() });

/** GET /api/auth/providers: which external sign-ins are configured. */
export const AuthProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** Fixed answers of the account calls; the browser may show them as they are. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  needsVerification: 'Please verify your email address before signing in.',
  accountDeactivated: 'Your account has been deactivated. Please contact your manager.',
  emailTaken: 'An account with this email already exists',
  registered: 'Account created. Please check your email for a verification code.',
  loggedOut: 'Logged out successfully',
  emailVerified: 'Your email has been verified.',
  invalidCode: 'The verification code is invalid or expired.',
  codeSent: 'If this email belongs to an account awaiting verification, a new code has been sent.',
  resetLinkSent: 'If an account exists for this email, a password reset link has been sent.',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  invalidResetLink: 'This reset link is invalid or has expired. Please request a new one.',
  mailFailed: 'We could not send the email right now. Please try again later.',
} as const;

/** 429 of POST /api/auth/send-verification-code within the cooldown. */
export const resendCooldownMessage = (seconds: number) =>
  `Please wait ${seconds} seconds before requesting a new code.`;

/** POST /api/register: 201. */
export const RegisterResponseSchema = z.object({ message: z.string(), email: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** POST /api/auth/verify-email-code: 200, the user is signed in. */
export const VerifyEmailResponseSchema = z.object({ message: z.string(), user: SessionUserSchema });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** `error` query parameter of /login after a failed Google sign-in. */
export const GOOGLE_SIGN_IN_ERRORS = ['google_unavailable', 'google_failed'] as const;
export type GoogleSignInError = (typeof GOOGLE_SIGN_IN_ERRORS)[number];
