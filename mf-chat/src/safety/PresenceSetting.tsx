import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';

/**
 * "Show when I am online": the member's presence setting, on their profile page (the
 * `presence-setting` fragment of mf-chat). Hidden, others see neither "online now" nor "last seen".
 */
export function PresenceSetting() {
  const { api, services } = useRemote();
  const intl = useIntl();
  const [hidden, setHidden] = React.useState<boolean | null>(null);
  const [busy, setBusy] = React.useState(false);
  const id = React.useId();
  React.useEffect(() => {
    let cancelled = false;
    api.privacy().then(
      (p) => !cancelled && setHidden(p.hide_presence),
      (error: unknown) => console.error('privacy.php failed', error),
    );
    return () => {
      cancelled = true;
    };
  }, [api]);
  if (hidden === null) return null;
  const change = async (show: boolean) => {
    setBusy(true);
    try {
      setHidden((await api.updatePrivacy({ hide_presence: !show })).hide_presence);
    } catch (error) {
      console.error('privacy.php failed', error);
      services.toast({ variant: 'danger', message: intl.formatMessage({ id: 'safety.failed', defaultMessage: 'That did not work. Please try again.' }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <p>
      <input id={id} type="checkbox" checked={!hidden} disabled={busy} aria-describedby={`${id}-help`} onChange={(e) => void change(e.target.checked)} />{' '}
      <label htmlFor={id}>
        <FormattedMessage id="presence.setting" defaultMessage="Show members I chat with when I am online" />
      </label>
      <br />
      <small id={`${id}-help`}>
        <FormattedMessage id="presence.settingHelp" defaultMessage="Off: nobody sees “online now” or “last seen” for you." />
      </small>
    </p>
  );
}
