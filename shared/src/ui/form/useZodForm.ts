// Forms on the contract's schemas: react-hook-form validates with the zod schema the API parses
// the same call with (@hookform/resolvers), so the client refuses exactly what the server refuses.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A zod object schema whose input is a form's values. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * `useForm` with the zod resolver on a contract schema. Validation runs on change and on blur
 * (mode 'all'), so `formState.isValid` is always current (submit stays disabled while a rule is
 * broken); `shownError` decides when a message appears.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'all',
    ...options,
    resolver: zodResolver(schema, undefined, { mode: 'sync' }),
  });
}

/**
 * The message of a field's broken rule once the member should see it: after they left the field,
 * after a submit, or (`whileTyping`) as soon as they typed something of their own. Null otherwise.
 * The message is a rule message of the contract; `TextField` and `useRuleText` put it in words.
 */
export function shownError<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'getFieldState' | 'formState'>,
  name: FieldPath<T>,
  options: { whileTyping?: boolean } = {},
): string | null {
  const { error, isTouched, isDirty } = form.getFieldState(name, form.formState);
  if (!error?.message) return null;
  return isTouched || form.formState.isSubmitted || (options.whileTyping && isDirty) ? error.message : null;
}
