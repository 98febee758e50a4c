import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Validation<T, K extends string> =
  | { success: true; data: T; errors: FieldErrors<K> }
  | { success: false; data?: undefined; errors: FieldErrors<K> };

/**
 * Validates form values with a domain schema: the parsed data, or the first message per field
 * (the spec's validation messages live in the schemas of @dms/domain).
 */
export function validateForm<S extends z.ZodType, K extends string = Extract<keyof z.input<S>, string>>(
  schema: S,
  values: unknown,
): Validation<z.output<S>, K> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data, errors: {} };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as K] = issue.message;
  }
  return { success: false, errors };
}
