import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, type FieldValues, get, type Path, useForm, type UseFormProps } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * A form checked by `schema` (react-hook-form), with `field(name)`: what a FormField of it takes, its
 * registration and its message, so that a field is one line.
 */
export function useFieldForm<V extends FieldValues>(schema: $ZodType<V, V>, options: Omit<UseFormProps<V>, 'resolver'>) {
  const form = useForm<V>({ ...options, resolver: zodResolver(schema) });
  const field = (name: Path<V>) => ({
    ...form.register(name),
    error: get<FieldErrors<V>, { message?: string } | undefined>(form.formState.errors, name)?.message,
  });
  return { ...form, field };
}
