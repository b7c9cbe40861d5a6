import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

export interface FieldProps {
  label: ReactNode;
  /** Help text under the field. */
  hint?: ReactNode;
  /** The error under the field; marks the field invalid. */
  error?: ReactNode;
  /** Shown after the label, e.g. "(optional)". */
  labelSuffix?: ReactNode;
}

const CONTROL =
  'block w-full rounded border bg-surface px-3 text-base text-ink placeholder:text-ink-muted transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 disabled:opacity-60 ';

export function controlClasses(invalid: boolean, className?: string) {
  return cn(CONTROL, invalid ? 'border-danger' : 'border-line-strong', className);
}

/** Ids and ARIA wiring shared by every field: label above, hint and error below. */
function useField(id: string | undefined, hint: ReactNode, error: ReactNode) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return {
    fieldId,
    hintId,
    errorId,
    describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined,
  };
}

export function FieldFrame({
  fieldId,
  label,
  labelSuffix,
  hint,
  hintId,
  error,
  errorId,
  children,
}: FieldProps & { fieldId: string; hintId?: string; errorId?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-semibold">
        {label}
        {labelSuffix && <span className="ml-1 font-normal text-ink-muted">{labelSuffix}</span>}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Splits a field's props into those of its frame (label, hint, error) and those of its control. */
function useFieldParts<P extends FieldProps & { id?: string; className?: string }>(props: P, controlClass: string) {
  const { label, hint, error, labelSuffix, id, className, ...control } = props;
  const f = useField(id, hint, error);
  return {
    frame: { label, hint, error, labelSuffix, fieldId: f.fieldId, hintId: f.hintId, errorId: f.errorId },
    control: {
      id: f.fieldId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': f.describedBy,
      className: controlClasses(Boolean(error), cn(controlClass, className)),
      ...control,
    },
  };
}

/** A text input with a visible label, help text and its error. */
export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { frame, control } = useFieldParts(props, 'min-h-11');
  return (
    <FieldFrame {...frame}>
      <input {...control} />
    </FieldFrame>
  );
}

/** A multi-line text field with a visible label, help text and its error. */
export function TextArea(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { frame, control } = useFieldParts(props, 'py-2 leading-6');
  return (
    <FieldFrame {...frame}>
      <textarea rows={5} {...control} />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native select with a visible label, help text and its error: the `placeholder` option (value
 * ''), then `options`, then any `children`.
 */
export function Select({
  placeholder,
  options,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { placeholder?: string; options?: SelectOption[] }) {
  const { frame, control } = useFieldParts(props, 'min-h-11');
  return (
    <FieldFrame {...frame}>
      <select {...control}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </FieldFrame>
  );
}
