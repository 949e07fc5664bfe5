import * as React from 'react';
import { useAtomValue } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { z } from 'zod';
import { ApiError, userAtom, useRemote, type ComplaintCategory, type ComplaintResponse, type Contract } from '@dating/shared';
import { COMPLAINT_CATEGORIES, COMPLAINT_DESCRIPTION_MAX, COMPLAINT_DESCRIPTION_MIN, useZodForm } from '@dating/shared/ui';
import { telHref } from '../common/tel';
import { c } from './messages';
import styles from './ComplaintsView.module.css';

/** Working days within which customer service answers (the API's mail says the same). */
const ANSWER_DAYS = 5;

const CATEGORY_LABEL: Record<ComplaintCategory, MessageDescriptor> = {
  member: c.catMember,
  message: c.catMessage,
  payment: c.catPayment,
  photo: c.catPhoto,
  other: c.catOther,
};

/** The contract's schema; a visitor must give an address (a member's is the account's). */
type ComplaintSchema = Contract['ComplaintVisitorFormSchema'] | Contract['ComplaintFormSchema'];
type FormValues = z.input<ComplaintSchema>;

/** /complaints: a complaint about a member, a message, a payment, a photo or something else. */
export function ComplaintsView() {
  const { api, settings, locale } = useRemote();
  const user = useAtomValue(userAtom);
  const intl = useIntl();
  const visitor = !user;
  const schema = React.useCallback((c: Contract): ComplaintSchema => (visitor ? c.ComplaintVisitorFormSchema : c.ComplaintFormSchema), [visitor]);
  const form = useZodForm(schema, {
    defaultValues: { category: undefined, member: '', description: '', email: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, watch, reset } = form;
  const doneRef = React.useRef<HTMLHeadingElement>(null);

  const send = useMutation({
    mutationFn: (values: FormValues) =>
      api.complain({ ...values, email: visitor ? values.email : undefined, language: locale }),
    // A field the server refused is marked on the field; anything else is the form's failure below.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.field === 'member') {
        setError('member', { type: 'unknown' }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 400 && error.field === 'email') {
        setError('email', { type: 'server' }, { shouldFocus: true });
      }
    },
  });
  const done: ComplaintResponse | null = send.isSuccess ? send.data : null;
  const failure: MessageDescriptor | null = !send.error
    ? null
    : send.error instanceof ApiError && send.error.status === 400 && (send.error.field === 'member' || send.error.field === 'email')
      ? null
      : send.error instanceof ApiError && send.error.status === 429
        ? c.errRate
        : c.errFailed;
  React.useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const description = watch('description') ?? '';
  const errorText = (field: keyof FormValues): string | null => {
    const e = formState.errors[field];
    if (!e) return null;
    switch (field) {
      case 'category':
        return intl.formatMessage(c.errCategory);
      case 'description':
        return e.type === 'too_big'
          ? intl.formatMessage(c.errLong, { max: COMPLAINT_DESCRIPTION_MAX })
          : intl.formatMessage(c.errShort, { min: COMPLAINT_DESCRIPTION_MIN });
      case 'email':
        return intl.formatMessage(c.errEmail);
      case 'member':
        return intl.formatMessage(e.type === 'unknown' ? c.errMemberUnknown : c.errMember);
    }
  };
  const phone = settings.company.support_phone;

  if (done) {
    return (
      <section className={styles.page}>
        <h1 ref={doneRef} tabIndex={-1}>
          {intl.formatMessage(c.doneTitle)}
        </h1>
        <p role="status" className={styles.done}>
          {intl.formatMessage(c.doneBody, { reference: done.reference, email: done.confirmation_sent_to, days: ANSWER_DAYS })}
        </p>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            reset();
            send.reset();
          }}
        >
          {intl.formatMessage(c.another)}
        </button>
      </section>
    );
  }

  const field = (name: keyof FormValues) => {
    const error = errorText(name);
    return {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': `${name}-hint${error ? ` ${name}-error` : ''}`,
      error: error ? (
        <p id={`${name}-error`} className={styles.error}>
          {error}
        </p>
      ) : null,
    };
  };
  const memberField = field('member');
  const descField = field('description');
  const emailField = field('email');
  const categoryError = errorText('category');

  return (
    <section className={styles.page}>
      <h1>{intl.formatMessage(c.title)}</h1>
      <p className={styles.intro}>{intl.formatMessage(c.intro, { days: ANSWER_DAYS })}</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={handleSubmit((values) => send.mutate(values))}
      >
        {/* The choice as a whole is invalid (a radio button cannot be: ARIA has no aria-invalid for radio). */}
        <fieldset
          role="radiogroup"
          className={styles.categories}
          aria-invalid={categoryError ? true : undefined}
          aria-describedby={categoryError ? 'category-error' : undefined}
        >
          <legend>{intl.formatMessage(c.category)}</legend>
          {COMPLAINT_CATEGORIES.map((cat) => (
            <label key={cat} className={styles.choice}>
              <input type="radio" value={cat} {...register('category')} />
              <span>{intl.formatMessage(CATEGORY_LABEL[cat])}</span>
            </label>
          ))}
          {categoryError && (
            <p id="category-error" className={styles.error}>
              {categoryError}
            </p>
          )}
        </fieldset>

        <div className={styles.field}>
          <label htmlFor="complaint-member">{intl.formatMessage(c.member)}</label>
          <input id="complaint-member" type="text" inputMode="url" autoComplete="off" {...register('member')} aria-invalid={memberField['aria-invalid']} aria-describedby={memberField['aria-describedby']} />
          <p id="member-hint" className={styles.hint}>{intl.formatMessage(c.memberHint)}</p>
          {memberField.error}
        </div>

        <div className={styles.field}>
          <label htmlFor="complaint-description">{intl.formatMessage(c.description)}</label>
          <textarea id="complaint-description" rows={6} maxLength={COMPLAINT_DESCRIPTION_MAX} {...register('description')} aria-invalid={descField['aria-invalid']} aria-describedby={descField['aria-describedby']} />
          <p id="description-hint" className={styles.hint}>
            {intl.formatMessage(c.descriptionHint, { count: description.trim().length, max: COMPLAINT_DESCRIPTION_MAX })}
          </p>
          {descField.error}
        </div>

        {visitor ? (
          <div className={styles.field}>
            <label htmlFor="complaint-email">{intl.formatMessage(c.email)}</label>
            <input id="complaint-email" type="email" autoComplete="email" {...register('email')} aria-invalid={emailField['aria-invalid']} aria-describedby={emailField['aria-describedby']} />
            <p id="email-hint" className={styles.hint}>{intl.formatMessage(c.emailHint)}</p>
            {emailField.error}
          </div>
        ) : (
          <p className={styles.hint}>{intl.formatMessage(c.memberEmail)}</p>
        )}

        {failure && (
          <p role="alert" className={styles.failure}>
            {intl.formatMessage(failure)}
          </p>
        )}
        <button type="submit" className={styles.submit} disabled={send.isPending}>
          {intl.formatMessage(send.isPending ? c.sending : c.submit)}
        </button>
      </form>
      {phone && (
        <p className={styles.call}>
          {intl.formatMessage(c.orCall, { phone: <a key="tel" href={telHref(phone)}>{phone}</a> })}
        </p>
      )}
    </section>
  );
}
