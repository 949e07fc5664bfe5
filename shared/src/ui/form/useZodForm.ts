// Forms on the contract's schemas: react-hook-form validates with the zod schema the API parses
// the same call with (@hookform/resolvers), so the client refuses exactly what the server refuses.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { loadContract, type Contract } from '@dating/shared';

/** A zod object schema whose input is a form's values. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form's schema: the schema itself, or how to pick it from the contract's schemas
 * (`(c) => c.LoginRequestSchema`). Picked, the schemas and zod (the `contract` chunk, ~27 kB brotli,
 * the one the API client loads with its first call) arrive once the member acts (below) instead of
 * with the view: a route whose view needs zod for nothing else renders and hydrates without it.
 */
export type SchemaSource<S extends FormSchema> = S | ((contract: Contract) => S);

/** The contract's schemas once loaded here, so that validation after the first is synchronous. */
let contract: Contract | undefined;

/**
 * The member's first focus, key, pointer, input or submit on the page. A picked schema waits for
 * it: a form that is only shown (a lander's signup form, a page the member reads) evaluates no zod,
 * and the check react-hook-form makes when a form mounts (is it valid?) answers once the member
 * acts (until then the form counts as not valid). Capture listeners on the document: they run
 * before the form's own handlers, so a submit starts the load that its validation then awaits.
 */
let interacted: Promise<void> | undefined;
const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'input', 'submit'] as const;
function firstInteraction(): Promise<void> {
  interacted ??= new Promise((resolve) => {
    // Focus already moved: the member acted before this module ran (on the server's markup).
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused !== document.documentElement) return resolve();
    const done = () => {
      for (const type of INTERACTIONS) document.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) document.addEventListener(type, done, true);
  });
  return interacted;
}
// Listening from the start, so that an interaction before the first validation is not missed.
if (typeof document !== 'undefined') void firstInteraction();
/** The resolver of each picking function, once its schema was built. */
const picked = new WeakMap<(contract: Contract) => FormSchema, unknown>();

/** The resolver of a schema source: synchronous with the schema at hand, else once it has loaded. */
function resolverOf<S extends FormSchema>(source: SchemaSource<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  if (typeof source !== 'function') return zodResolver(source, undefined, { mode: 'sync' });
  // A form that builds its schema (a refinement of its own) passes a stable function
  // (useCallback): the schema is then built once, not at every keystroke.
  const resolve = (c: Contract) => {
    let resolver = picked.get(source) as Resolver<z.input<S>, unknown, z.output<S>> | undefined;
    if (!resolver) picked.set(source, (resolver = zodResolver(source(c), undefined, { mode: 'sync' })));
    return resolver;
  };
  return (values, context, options) => {
    if (contract) return resolve(contract)(values, context, options);
    // A failed load rejects this validation (a submit stays possible and tries again).
    return firstInteraction()
      .then(loadContract)
      .then((loaded) => resolve((contract = loaded))(values, context, options));
  };
}

/**
 * `useForm` with the zod resolver on a contract schema. Validation runs on change and on blur
 * (mode 'all'), so `formState.isValid` is always current (submit stays disabled while a rule is
 * broken); `shownError` decides when a message appears. A submit before a picked schema has loaded
 * waits for it.
 */
export function useZodForm<S extends FormSchema>(
  schema: SchemaSource<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'all',
    ...options,
    resolver: resolverOf(schema),
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
