// One labelled field of the sign-in pages (login, invitation): the input, an optional hint and
// the field's own error, tied to the input by aria-describedby and aria-invalid.
import type { InputHTMLAttributes, Ref } from 'react';

export interface LoginFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'aria-invalid' | 'aria-describedby'
> {
  /** The input's id; the hint and the error take it with -hint and -error. */
  id: string;
  label: string;
  hint?: string;
  error?: string;
  inputRef: Ref<HTMLInputElement>;
}

export function LoginField({ id, label, hint, error, inputRef, ...input }: LoginFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        required
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={hintId} className="login-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="login-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
