import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { parseWithKeys } from '../../common/schemas/parse';

/** Field name -> i18n key of the errors namespace. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Values for the placeholders of an error text, e.g. {max: 100} for "tooLong". */
export type FieldErrorParams<F extends string> = Partial<Record<F, Record<string, unknown>>>;

export interface SchemaForm<F extends string> {
  /** Errors of the fields the user has left (or of all fields after submit). */
  errors: FieldErrors<F>;
  /** Placeholder values for each shown error (min, max). */
  params: FieldErrorParams<F>;
  /** Call when a field loses focus: its error shows from then on and follows each change. */
  blur(field: F): void;
  /** Shows every error; true when the values are valid. */
  submit(): boolean;
  /** Hides all errors again, e.g. after a successful send. */
  reset(): void;
}

function validate<F extends string>(
  schema: ZodType,
  values: Record<F, unknown>,
  extra?: (values: Record<F, unknown>) => FieldErrors<F>,
): { errors: FieldErrors<F>; params: FieldErrorParams<F> } {
  const errors: FieldErrors<F> = {};
  const params: FieldErrorParams<F> = {};
  const result = parseWithKeys(schema, values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as F | undefined;
      if (field === undefined || errors[field]) continue;
      errors[field] = issue.message;
      const { minimum, maximum } = issue as { minimum?: unknown; maximum?: unknown };
      params[field] = { min: minimum, max: maximum };
    }
  }
  for (const [field, key] of Object.entries(extra?.(values) ?? {}) as [F, string][]) {
    errors[field] ??= key;
  }
  return { errors, params };
}

/**
 * Client-side validation with a shared zod schema whose messages are keys of the errors
 * namespace (the server answers with the same keys). Errors appear under a field once it is
 * left, and all at once on submit (DESIGN.md, forms).
 */
export function useSchemaForm<F extends string>(
  schema: ZodType,
  values: Record<F, unknown>,
  extra?: (values: Record<F, unknown>) => FieldErrors<F>,
): SchemaForm<F> {
  const [touched, setTouched] = useState<ReadonlySet<F> | 'all'>(() => new Set());
  const all = useMemo(() => validate(schema, values, extra), [schema, values, extra]);

  const shown = useMemo(() => {
    if (touched === 'all') return all;
    const errors: FieldErrors<F> = {};
    const params: FieldErrorParams<F> = {};
    for (const field of touched) {
      if (all.errors[field]) {
        errors[field] = all.errors[field];
        params[field] = all.params[field];
      }
    }
    return { errors, params };
  }, [all, touched]);

  const blur = useCallback((field: F) => {
    setTouched((prev) => (prev === 'all' || prev.has(field) ? prev : new Set(prev).add(field)));
  }, []);

  const submit = () => {
    setTouched('all');
    return Object.keys(all.errors).length === 0;
  };

  const reset = useCallback(() => setTouched(new Set()), []);

  return { errors: shown.errors, params: shown.params, blur, submit, reset };
}

/** The props binding a text input to one field of a form: name, value, change, blur and its translated error. */
export function fieldProps<F extends string, V extends Record<F, string>>(
  field: F,
  values: V,
  setValues: (values: V) => void,
  form: Pick<SchemaForm<F>, 'errors' | 'blur'>,
  t: (key: string) => string,
) {
  const key = form.errors[field];
  return {
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value }),
    onBlur: () => form.blur(field),
    error: key && t(`errors:${key}`),
  };
}

/**
 * A form's submit: nothing sent while a field is wrong, progress (`busy`) until `send` settles or
 * the screen moves on, and `errorText` of the failure. `submitted` turns true at the first try.
 */
export function useFormSubmit(form: { submit(): boolean }, send: () => Promise<unknown>, errorText: (err: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSubmitted(true);
    if (!form.submit()) return;
    setBusy(true);
    try {
      await send();
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return { busy, error, submitted, submit };
}
