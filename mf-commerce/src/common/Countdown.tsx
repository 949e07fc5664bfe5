import * as React from 'react';
import { FormattedMessage } from 'react-intl';

/** Hours, minutes and seconds left until `endsAt`, ticking every second; nothing once over. */
export function Countdown({ endsAt }: { endsAt: string }) {
  const end = Date.parse(endsAt);
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  if (!left) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${Math.floor(left / 3600)}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return (
    <time dateTime={endsAt}>
      <FormattedMessage id="bonus.timeLeft" defaultMessage="{time} left" values={{ time }} />
    </time>
  );
}
