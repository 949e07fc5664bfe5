import * as React from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { signupCompleteAtom, userAtom, useRemote, type MatchAnswers, type PublicProfile } from '@dating/shared';
import { QueryView } from '@dating/shared/ui';
import { SignupBox } from '../common/SignupBox';
import { countryName } from '../legal/facts';
import { useVisitorCountry } from '../lander/useLander';
import { ProfileGrid } from './ProfileGrid';
import { mf } from './messages';
import styles from './MatchFinder.module.css';

const AGES = Array.from({ length: 83 }, (_, i) => 18 + i);
type Step = 1 | 2 | 3 | 4 | 'results';

/** Search for the answers: real members of the site who fit (visitors search as match-finder traffic). */
export function useMatches(answers: MatchAnswers | null, enabled = true) {
  const { api, query } = useRemote();
  return useQuery({
    queryKey: ['match-finder', answers],
    queryFn: () =>
      api
        .search({
          gender: answers!.seeking,
          min_age: answers!.min_age,
          max_age: answers!.max_age,
          country: answers!.country,
          countryregion: answers!.countryregion,
          pp: 12,
          trafficsource: query.network || 'match-finder',
          do_not_save: true,
        })
        .then((r) => ({ profiles: r.profiles as PublicProfile[], total: r.paging.num_results })),
    enabled: enabled && answers !== null,
  });
}

/** /match-finder (empty layout): who you are, who you look for, ages, where → matches → signup. */
export function MatchFinderView() {
  const { settings, services, href } = useRemote();
  const intl = useIntl();
  const user = useAtomValue(userAtom);
  const signupComplete = useAtomValue(signupCompleteAtom);
  // A visitor who starts signing up here keeps the form through all its steps, then gets the link.
  const [signingUp, setSigningUp] = React.useState(false);
  const visitorCountry = useVisitorCountry();
  const saved = services.storage.get('matchAnswers');
  const [step, setStep] = React.useState<Step>(1);
  const [draft, setDraft] = React.useState<Partial<MatchAnswers>>(() => saved ?? { min_age: 25, max_age: 45, country: visitorCountry });
  const [agesInvalid, setAgesInvalid] = React.useState(false);
  const answers = step === 'results' ? (draft as MatchAnswers) : null;
  // Remembered from the render where a visitor saw the results (React's "adjust state while
  // rendering" pattern): signing up logs the visitor in at its first step.
  if (answers && user === null && !signingUp) setSigningUp(true);
  const matches = useMatches(answers);
  const heading = React.useRef<HTMLHeadingElement>(null);
  const first = React.useRef(true);
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const choose = (key: 'gender' | 'seeking', value: 'male' | 'female') => {
    setDraft((d) => ({ ...d, [key]: value }));
    setStep(key === 'gender' ? 2 : 3);
  };
  const regions = settings.settings.region_data[draft.country ?? ''] ?? [];
  const locale = intl.locale as never;

  let body: React.ReactNode;
  if (step === 1 || step === 2) {
    const key = step === 1 ? 'gender' : 'seeking';
    body = (
      <fieldset className={styles.choices}>
        <legend ref={heading as never} tabIndex={-1} className={styles.question}>
          {intl.formatMessage(step === 1 ? mf.iAm : mf.seeking)}
        </legend>
        {(['female', 'male'] as const).map((g) => (
          <button key={g} type="button" className={styles.choice} aria-pressed={draft[key] === g} onClick={() => choose(key, g)}>
            {intl.formatMessage(g === 'male' ? mf.man : mf.woman)}
          </button>
        ))}
      </fieldset>
    );
  } else if (step === 3) {
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if ((draft.min_age ?? 18) > (draft.max_age ?? 100)) return setAgesInvalid(true);
          setAgesInvalid(false);
          setStep(4);
        }}
      >
        <fieldset className={styles.ages}>
          <legend ref={heading as never} tabIndex={-1} className={styles.question}>
            {intl.formatMessage(mf.ages)}
          </legend>
          {(['min_age', 'max_age'] as const).map((k) => (
            <div key={k} className={styles.select}>
              <label htmlFor={`mf-${k}`}>{intl.formatMessage(k === 'min_age' ? mf.minAge : mf.maxAge)}</label>
              <select
                id={`mf-${k}`}
                value={draft[k]}
                aria-invalid={agesInvalid || undefined}
                aria-describedby={agesInvalid ? 'ages-error' : undefined}
                onChange={(e) => setDraft((d) => ({ ...d, [k]: Number(e.target.value) }))}
              >
                {AGES.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
        {agesInvalid && (
          <p id="ages-error" role="alert" className={styles.error}>
            {intl.formatMessage(mf.agesError)}
          </p>
        )}
        <div className={styles.nav}>
          <button type="button" className={styles.secondary} onClick={() => setStep(2)}>
            {intl.formatMessage(mf.back)}
          </button>
          <button type="submit" className={styles.primary}>
            {intl.formatMessage(mf.next)}
          </button>
        </div>
      </form>
    );
  } else if (step === 4) {
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const done = { ...draft, countryregion: draft.countryregion || undefined } as MatchAnswers;
          services.storage.set('matchAnswers', done);
          setDraft(done);
          setStep('results');
        }}
      >
        <fieldset className={styles.ages}>
          <legend ref={heading as never} tabIndex={-1} className={styles.question}>
            {intl.formatMessage(mf.where)}
          </legend>
          <div className={styles.select}>
            <label htmlFor="mf-country">{intl.formatMessage(mf.country)}</label>
            <select id="mf-country" value={draft.country} onChange={(e) => setDraft((d) => ({ ...d, country: e.target.value, countryregion: undefined }))}>
              {settings.settings.countries.map((c) => (
                <option key={c} value={c}>
                  {countryName(c, locale)}
                </option>
              ))}
            </select>
          </div>
          {regions.length > 0 && (
            <div className={styles.select}>
              <label htmlFor="mf-region">{intl.formatMessage(mf.region)}</label>
              <select id="mf-region" value={draft.countryregion ?? ''} onChange={(e) => setDraft((d) => ({ ...d, countryregion: e.target.value || undefined }))}>
                <option value="">{intl.formatMessage(mf.anyRegion)}</option>
                {regions.map((r) => (
                  <option key={r.id} value={r.name}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </fieldset>
        <div className={styles.nav}>
          <button type="button" className={styles.secondary} onClick={() => setStep(3)}>
            {intl.formatMessage(mf.back)}
          </button>
          <button type="submit" className={styles.primary}>
            {intl.formatMessage(mf.show)}
          </button>
        </div>
      </form>
    );
  } else {
    body = (
      <div className={styles.results}>
        <QueryView query={matches}>
          {(data) => (
            <section aria-labelledby="match-count">
              <h2 id="match-count" ref={heading} tabIndex={-1}>
                {intl.formatMessage(mf.results, { count: data.total })}
              </h2>
              {data.profiles.length ? <ProfileGrid profiles={data.profiles} /> : <p>{intl.formatMessage(mf.noResults)}</p>}
            </section>
          )}
        </QueryView>
        <button type="button" className={styles.secondary} onClick={() => setStep(1)}>
          {intl.formatMessage(mf.change)}
        </button>
        {(!user || signingUp) && (
          <section className={styles.signup} aria-labelledby="mf-signup">
            <h2 id="mf-signup">{intl.formatMessage(mf.signupTitle)}</h2>
            <SignupBox answers={answers ?? undefined} />
          </section>
        )}
        {user && (signupComplete || !signingUp) && (
          <p className={styles.after}>
            <a className={styles.primary} href={href({ name: 'signup-matches' })}>
              {intl.formatMessage(mf.seeMatches)}
            </a>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className={styles.page} data-template="match-finder">
      <header className={styles.header}>
        <h1>{intl.formatMessage(mf.title)}</h1>
        <p>{intl.formatMessage(mf.intro)}</p>
        {step !== 'results' && (
          <p className={styles.progress}>
            <span>{intl.formatMessage(mf.step, { n: step })}</span>
            <progress max={4} value={step} aria-hidden="true" />
          </p>
        )}
      </header>
      {body}
    </div>
  );
}
