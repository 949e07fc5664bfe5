import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { parsePartialMatchAnswers, SIGNUP_DOT_COUNT, useFragmentOptions, userAtom, useRemote, useSetUser, type User } from '@dating/shared';
import { lazyView } from '@dating/shared/ui';
import { AccountStep } from './AccountStep';
import { PushStep } from './PushStep';
import { ProgressStep } from './ProgressStep';
import { DoneStep } from './DoneStep';
import { pushOffered } from './push';
import { dotOf, entryStep, nextStep, type Step } from './steps';
import styles from '../common/form.module.css';

/**
 * The profile steps' forms come after the account step: their code is fetched as soon as the flow
 * has rendered (the visitor is typing the account form meanwhile), not with the route's start-up
 * files (scripts/budgets.mjs). A flow that starts at a later step (/complete-signup) shows the
 * kit's loading status for that moment.
 */
const loadForms = () => import(/* webpackChunkName: "signup-forms" */ './stepForms');
const PhotoForm = lazyView(() => loadForms().then((m) => m.PhotoForm));
const LocationForm = lazyView(() => loadForms().then((m) => m.LocationForm));
const PersonalForm = lazyView(() => loadForms().then((m) => m.PersonalForm));
const NotesForm = lazyView(() => loadForms().then((m) => m.NotesForm));

const titles = defineMessages({
  0: { id: 'signup.step0.title', defaultMessage: 'Create your free account' },
  1: { id: 'signup.step1.title', defaultMessage: 'Stay up to date' },
  2: { id: 'signup.step2.title', defaultMessage: 'Add a photo' },
  3: { id: 'signup.step3.title', defaultMessage: 'Where do you live?' },
  4: { id: 'signup.step4.title', defaultMessage: 'About you' },
  5: { id: 'signup.step5.title', defaultMessage: 'Describe yourself' },
  6: { id: 'signup.step6.title', defaultMessage: 'Activating your account' },
  7: { id: 'signup.step7.title', defaultMessage: 'Check your email' },
});

export interface SignupFlowProps {
  /** Skip steps already filled in (spec §4); on for /complete-signup. */
  autoSkip?: boolean;
  /** The member whose page the signup started from. */
  profile?: number | null;
  /** Never start before this step (resuming at the member's lastSignupStep). */
  minStep?: number;
  /** Level of the step headings (2 under a page's h1). */
  headingLevel?: 2 | 3;
}

/** Signup steps 0–7 with the 4-dot progress indicator (spec §2, §4). */
export function SignupFlow({ autoSkip = false, profile = null, minStep = 0, headingLevel = 2 }: SignupFlowProps) {
  const remote = useRemote();
  // A host page may pass what the visitor already told it (the match-finder's answers): the
  // profile steps start from them.
  const answers = parsePartialMatchAnswers(useFragmentOptions().answers);
  const { api, settings, store } = remote;
  const intl = useIntl();
  const user = useAtomValue(userAtom);
  const setUser = useSetUser();
  const ctx = {
    pushOffered: pushOffered(remote, undefined),
    autoSkip,
    notesOffered: settings.settings.visible_profile_notes,
  };
  const [step, setStep] = React.useState<Step>(() => {
    const entry = entryStep(user, ctx);
    return (user ? Math.max(entry, Math.min(minStep, 6)) : entry) as Step;
  });
  const [delivered, setDelivered] = React.useState<boolean | null>(null);
  const heading = React.useRef<HTMLHeadingElement>(null);
  const moved = React.useRef(false);

  React.useEffect(() => {
    // The later steps' forms, fetched while this step is on screen; a failure is tried again when
    // a form is shown (lazyView).
    loadForms().catch(() => {});
  }, []);

  React.useEffect(() => {
    // Focus follows the step for keyboard and screen-reader users (not on first render).
    if (moved.current) heading.current?.focus();
  }, [step]);

  /** Moves to a step; remembers it on the account (lastSignupStep) unless the step's save did. */
  const go = React.useCallback(
    (to: Step, remember = true) => {
      moved.current = true;
      setStep(to);
      if (remember && store.get(userAtom)) {
        api.updateUser({ profile: { lastSignupStep: to } }).then(
          (r) => setUser(r.user),
          (error) => console.error('saving the signup step failed', error),
        );
      }
    },
    [api, store, setUser],
  );
  const next = (from: Step) => nextStep(from, ctx);

  const skip = (from: Step) => (
    <button type="button" className={styles.secondary} onClick={() => go(next(from))}>
      <FormattedMessage id="signup.skip" defaultMessage="Skip" />
    </button>
  );
  const saveLabel = <FormattedMessage id="signup.saveAndContinue" defaultMessage="Save and continue" />;
  const p = user?.profile;
  const cdn = settings.settings.cdn_prefix;

  let body: React.ReactNode = null;
  switch (step) {
    case 0:
      body = (
        <AccountStep
          profile={profile}
          onCreated={(created: User) => {
            setUser(created);
            go(next(0));
          }}
        />
      );
      break;
    case 1:
      body = <PushStep onDone={() => go(2)} />;
      break;
    case 2:
      body = (
        <PhotoForm
          submitLabel={saveLabel}
          onUploaded={() => go(next(2))}
          currentUrl={p?.main_image ? `${cdn}${p.main_image.thumb_filename}` : null}
        >
          {skip(2)}
        </PhotoForm>
      );
      break;
    case 3:
      body = (
        <LocationForm
          geolocate
          initial={{
            country: p?.country ?? answers?.country ?? settings.settings.geoip_selected_country ?? '',
            countryregion: p?.countryregion ?? answers?.countryregion ?? '',
            city: p?.city ?? '',
          }}
          submitLabel={saveLabel}
          onSaved={() => go(next(3))}
        >
          {skip(3)}
        </LocationForm>
      );
      break;
    case 4:
      body = (
        <PersonalForm
          initial={{
            name: p?.name ?? '',
            gender: p?.gender ?? answers?.gender ?? '',
            date_of_birth: p?.date_of_birth ?? '0000-00-00',
            fields: { ...(p?.fields ?? {}), ...(p?.language ? { language: p.language } : {}) },
          }}
          extra={{ lastSignupStep: next(4) }}
          submitLabel={saveLabel}
          onSaved={() => go(next(4), false)}
        >
          {skip(4)}
        </PersonalForm>
      );
      break;
    case 5:
      body = (
        <NotesForm initial={p?.personal ?? ''} extra={{ lastSignupStep: 6 }} submitLabel={saveLabel} onSaved={() => go(6, false)}>
          {skip(5)}
        </NotesForm>
      );
      break;
    case 6:
      body = (
        <ProgressStep
          onDone={(ok) => {
            setDelivered(ok);
            go(7);
          }}
        />
      );
      break;
    case 7:
      body = <DoneStep delivered={delivered} />;
      break;
  }

  const dot = dotOf(step);
  const H = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <div data-signup-step={step}>
      <p className={styles.visuallyHidden}>
        <FormattedMessage id="signup.progress" defaultMessage="Step {current} of {total}" values={{ current: dot + 1, total: SIGNUP_DOT_COUNT }} />
      </p>
      <ol className={styles.dots} aria-hidden="true" data-testid="signup-dots">
        {Array.from({ length: SIGNUP_DOT_COUNT }, (_, i) => (
          <li key={i} className={`${styles.dot} ${i < dot ? styles.dotDone : ''} ${i === dot ? styles.dotCurrent : ''}`} data-current={i === dot || undefined} />
        ))}
      </ol>
      <H ref={heading} tabIndex={-1}>
        {intl.formatMessage(titles[step])}
      </H>
      {body}
    </div>
  );
}
