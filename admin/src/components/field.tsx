import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A form's field: its words and its input (held by the form through `field`, with the input's own attributes),
 * marked wrong and followed by what is wrong with it.
 */
export function Field({
  label,
  field,
  error,
  ...input
}: {
  label: string;
  field: UseFormRegisterReturn;
  error?: { message?: string };
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label>
        {label}
        <input {...input} {...field} aria-invalid={Boolean(error)} />
      </label>
      {error && <p className="admin-error">{error.message}</p>}
    </>
  );
}
