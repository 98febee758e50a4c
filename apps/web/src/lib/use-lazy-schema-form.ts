import { useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, validateForm } from './form-errors';

/**
 * useSchemaForm for a form on a first screen (the sign-in card): the domain schema, and Zod with it,
 * load when the user first focuses or types in the form (`prepare`), not with the page (ADR 20).
 * The same rules: no errors until the first submit, then checked as the user types. `validate()`
 * waits for the schema if it has not arrived yet.
 */
export function useLazySchemaForm<S extends z.ZodType, V extends Record<string, string>>(
  loadSchema: () => Promise<S>,
  initial: V,
) {
  type Field = Extract<keyof V, string>;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const schema = useRef<S | null>(null);
  const loading = useRef<Promise<S> | null>(null);

  const prepare = (): Promise<S> => {
    loading.current ??= loadSchema().then((loaded) => {
      schema.current = loaded;
      return loaded;
    });
    return loading.current;
  };

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    void prepare();
    if (submitted && schema.current) setErrors(validateForm<S, Field>(schema.current, next).errors);
  };

  const validate = async (): Promise<z.output<S> | null> => {
    setSubmitted(true);
    const result = validateForm<S, Field>(await prepare(), values);
    setErrors(result.errors);
    return result.success ? result.data : null;
  };

  return { values, errors, change, validate, setErrors, prepare };
}
