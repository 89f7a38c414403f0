import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { debounce, INPUT_DEBOUNCE_MS, type Debounced } from './debounce';
import type { WidgetSize } from './sizes';
import { fieldError, showsRequiredMark, type Validator } from './textInputRules';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'size' | 'defaultValue'
>;

export interface TextInputProps extends NativeProps {
  label: string;
  value: string;
  /** Called after the debounce, and at once on blur or Enter. */
  onChange: (value: string) => void;
  /** Gives its error text on change (debounced) and on blur. */
  validator?: Validator;
  /** An error from outside (the server, a form rule). */
  error?: string | null;
  size?: WidgetSize;
  debounceMs?: number;
  hint?: string;
}

/** SPEC section 5's shared text input. */
export function TextInput({
  label,
  value,
  onChange,
  validator,
  error,
  size = 'large',
  debounceMs = INPUT_DEBOUNCE_MS,
  hint,
  required,
  id: givenId,
  onBlur,
  onKeyDown,
  ...native
}: TextInputProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const [text, setText] = useState(value);
  const [shownError, setShownError] = useState<string | null>(null);
  const onChangeRef = useRef(onChange);
  const validatorRef = useRef(validator);
  useEffect(() => {
    onChangeRef.current = onChange;
    validatorRef.current = validator;
  });

  const publishRef = useRef<Debounced<[string]> | null>(null);
  useEffect(() => {
    const publish = debounce((next: string) => {
      setShownError(fieldError(next, validatorRef.current, null));
      onChangeRef.current(next);
    }, debounceMs);
    publishRef.current = publish;
    return () => publish.flush();
  }, [debounceMs]);

  // A value set from outside (a reset) replaces what was typed.
  const [outside, setOutside] = useState(value);
  if (value !== outside) {
    setOutside(value);
    if (value !== text) setText(value);
  }

  const errorText = shownError ?? error ?? null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={`field text-input text-input-${size}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        {showsRequiredMark({ required, value: text, error: errorText }) && (
          <span className="required-mark" aria-hidden="true" data-testid="required-mark">
            *
          </span>
        )}
      </label>
      <input
        {...native}
        id={id}
        className={errorText ? 'input input-invalid' : 'input'}
        value={text}
        required={required}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? errorId : hint ? hintId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          publishRef.current?.(event.target.value);
        }}
        onBlur={(event) => {
          publishRef.current?.cancel();
          setShownError(fieldError(text, validator, null));
          onChange(text);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          // Enter submits the form: the parent needs the value first.
          if (event.key === 'Enter') publishRef.current?.flush();
          onKeyDown?.(event);
        }}
      />
      {hint && !errorText && (
        <span className="field-hint" id={hintId}>
          {hint}
        </span>
      )}
      {errorText && (
        <span className="field-error" id={errorId} role="alert">
          {errorText}
        </span>
      )}
    </div>
  );
}
