import type * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { userAtom } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';

/** /profile: the member's own profile, as the user call returns it. */
export function ProfileView() {
  const intl = useIntl();
  const user = useAtomValue(userAtom);

  const notFilledIn = <FormattedMessage id="profile.notFilledIn" defaultMessage="Not filled in" />;
  const countryName = (code: string | null): React.ReactNode => {
    if (!code) return notFilledIn;
    try {
      return intl.formatDisplayName(code.toUpperCase(), { type: 'region' }) ?? code;
    } catch {
      return code;
    }
  };

  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="profile.title" defaultMessage="My profile" />
      </h1>
      {user === undefined ? (
        <Loading>
          <FormattedMessage id="common.loading" defaultMessage="Loading…" />
        </Loading>
      ) : user === null ? (
        <Notice>
          <FormattedMessage id="profile.loggedOut" defaultMessage="Log in to see your profile." />
        </Notice>
      ) : (
        <>
          <dl className={ui.facts}>
            <dt>
              <FormattedMessage id="profile.name" defaultMessage="Name" />
            </dt>
            <dd>{user.profile.name}</dd>
            <dt>
              <FormattedMessage id="profile.email" defaultMessage="Email" />
            </dt>
            <dd>{user.email}</dd>
            <dt>
              <FormattedMessage id="profile.age" defaultMessage="Age" />
            </dt>
            <dd>{user.profile.age ?? notFilledIn}</dd>
            <dt>
              <FormattedMessage id="profile.city" defaultMessage="City" />
            </dt>
            <dd>{user.profile.city || notFilledIn}</dd>
            <dt>
              <FormattedMessage id="profile.country" defaultMessage="Country" />
            </dt>
            <dd>{countryName(user.profile.country)}</dd>
          </dl>
          <Notice>
            <FormattedMessage
              id="profile.comingSoon"
              defaultMessage="Changing your profile and photos will be possible on this page soon."
            />
          </Notice>
        </>
      )}
    </section>
  );
}
