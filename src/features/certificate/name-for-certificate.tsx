// `local` mode (no LMS, no server): the learner types the name to print on the certificate.
import { useId, useRef, useState, type FormEvent } from 'react';
import { MAX_NAME_LENGTH } from '../../domain/certificate/types.ts';
import './name-for-certificate.css';
import { es } from '../../strings/es.ts';

export interface NameForCertificateProps {
  onSubmit(name: string): void;
  onCancel(): void;
  /** Prefilled name, e.g. from a previous download. */
  initialName?: string;
  /** While the PDF is being generated: the download button is disabled. */
  busy?: boolean;
  /** The submit button's text (DESCARGAR; VER CERTIFICADO when the certificate is shown). */
  submitLabel?: string;
}

/** A name is usable when it has at least one letter once spaces are collapsed. */
export function cleanName(value: string): string | null {
  const name = value.replace(/\s+/g, ' ').trim();
  return /\p{L}/u.test(name) ? name : null;
}

export function NameForCertificate({
  onSubmit,
  onCancel,
  initialName = '',
  busy = false,
  submitLabel = es.certificateForm.download,
}: NameForCertificateProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialName);
  const [error, setError] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = cleanName(value);
    if (!name) {
      setError(true);
      inputRef.current?.focus();
      return;
    }
    onSubmit(name);
  };

  return (
    <form className="cert-name" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cert-name__title">
        {es.certificateForm.nameTitle}
      </h2>
      <label htmlFor={`${id}-input`} className="cert-name__label">
        {es.certificateForm.nameLabel}
      </label>
      <p id={`${id}-hint`} className="cert-name__hint">
        {es.certificateForm.nameHint}
      </p>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className="cert-name__input"
        type="text"
        name="name"
        autoComplete="name"
        autoCapitalize="words"
        spellCheck={false}
        maxLength={MAX_NAME_LENGTH}
        required
        data-autofocus
        value={value}
        aria-invalid={error}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(event) => {
          setValue(event.target.value);
          if (error && cleanName(event.target.value)) setError(false);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="cert-name__error" role="alert">
          {es.certificateForm.nameRequired}
        </p>
      )}
      <div className="cert-name__actions">
        <button type="button" className="btn" onClick={onCancel}>
          {es.certificateForm.cancel}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
