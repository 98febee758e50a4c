import { useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, validateForm } from './form-errors';

/**
 * Form state checked against a domain schema: fields show no error until the first submit, then
 * stay checked as the user types. `validate()` answers the parsed data, or null after showing
 * the errors.
 */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, string>>(schema: S, initial: V) {
  type Field = Extract<keyof V, string>;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateForm<S, Field>(schema, next).errors);
  };

  const validate = (): z.output<S> | null => {
    setSubmitted(true);
    const result = validateForm<S, Field>(schema, values);
    setErrors(result.errors);
    return result.success ? result.data : null;
  };

  return { values, errors, change, validate, setErrors };
}
