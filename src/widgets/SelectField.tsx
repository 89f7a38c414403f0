import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string; disabled?: boolean }[];
  error?: string | null;
  autoComplete?: string;
  disabled?: boolean;
  required?: boolean;
  /** A line under the list saying what the choice does. */
  hint?: string;
}

/**
 * A labelled list to choose from; the label names it alone, not the option shown. Styled like
 * every control of the theme (src/styles/controls.css): dark, its own arrow, a focus ring.
 */
export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  autoComplete,
  disabled,
  required,
  hint,
}: Props) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={error ? 'input input-invalid' : 'input'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        disabled={disabled}
        required={required}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && !error && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
