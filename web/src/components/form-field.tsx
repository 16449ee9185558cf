import { forwardRef, type InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
}

/** A labelled input with its validation message below it. */
export const FormField = forwardRef<HTMLInputElement, Props>(function FormField({ label, error, id, ...input }, ref) {
  const fieldId = id ?? `field-${input.name ?? label}`;
  return (
    <div className="field">
      <label htmlFor={fieldId} className="visually-hidden">
        {label}
      </label>
      <input ref={ref} id={fieldId} placeholder={label} aria-invalid={Boolean(error)} aria-describedby={`${fieldId}-error`} {...input} />
      <p className="field-error" id={`${fieldId}-error`}>
        {error}
      </p>
    </div>
  );
});
