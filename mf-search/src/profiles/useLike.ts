import * as React from 'react';
import { useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';
import { useMatchCelebration, type MatchedProfile } from '@dating/shared/ui';

/**
 * Like or unlike a member. The button changes at once; the answer of likes.php decides, and a
 * failure puts the previous state back and says so. A like that makes a match is celebrated.
 */
export function useLike(profile: MatchedProfile & { liked: boolean }, onChange?: (liked: boolean) => void) {
  const { api, services } = useRemote();
  const intl = useIntl();
  const celebrate = useMatchCelebration();
  const [liked, setLiked] = React.useState(profile.liked);
  const [busy, setBusy] = React.useState(false);
  // A new answer about the profile (another id, or its liked flag changed) is taken over.
  const [shown, setShown] = React.useState({ id: profile.id, liked: profile.liked });
  if (shown.id !== profile.id || shown.liked !== profile.liked) {
    setShown({ id: profile.id, liked: profile.liked });
    setLiked(profile.liked);
  }

  const toggle = React.useCallback(async () => {
    if (busy) return;
    const next = !liked;
    setLiked(next);
    setBusy(true);
    try {
      const answer = next ? await api.like(profile.id) : await api.unlike(profile.id);
      setLiked(answer.liked);
      onChange?.(answer.liked);
      if ('match' in answer && answer.match) void celebrate(profile);
    } catch (error) {
      console.error(next ? 'like failed' : 'unlike failed', error);
      setLiked(!next);
      services.toast({
        variant: 'danger',
        title: intl.formatMessage({ id: 'error.title', defaultMessage: 'Error' }),
        message: next
          ? intl.formatMessage({ id: 'like.failed', defaultMessage: 'Your like could not be saved. Please try again.' })
          : intl.formatMessage({ id: 'unlike.failed', defaultMessage: 'Your like could not be removed. Please try again.' }),
      });
    } finally {
      setBusy(false);
    }
  }, [api, busy, celebrate, intl, liked, onChange, profile, services]);

  return { liked, busy, toggle };
}
