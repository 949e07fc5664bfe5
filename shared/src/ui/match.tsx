// The one celebration of a match (both members like each other), for every place that can like:
// search cards and the member profile (mf-search), the "Liked me" rows (mf-likes-notifications).
// It is the shell's modal (focus trapped, Escape, focus returns) with both photos and the way
// into the chat; the words are the UI kit's, merged into every remote's catalog.
import * as React from 'react';
import { useIntl } from 'react-intl';
// From the package, not '../mount': the kit is bundled into each remote, while @dating/shared is the
// page's one singleton, whose RemoteProps context and userAtom the remote's views share.
import { userAtom, useRemote, type PublicProfile } from '@dating/shared';
import { photoUrl } from './format';

const initial = (name: string | undefined) => (name ?? '').slice(0, 1).toUpperCase();

export type MatchedProfile = Pick<PublicProfile, 'id' | 'name' | 'main_image'>;

/**
 * `celebrate(profile)` after a like whose answer says `match`: "It's a match!" with both photos,
 * "Send a message" (the member's chat page: the conversation, or the first message) and "Keep
 * browsing". Resolves with the member's choice.
 */
export function useMatchCelebration() {
  const { services, settings, navigate, store, flags } = useRemote();
  const intl = useIntl();
  return React.useCallback(
    async (profile: MatchedProfile): Promise<'message' | 'browse'> => {
      const me = store.get(userAtom)?.profile;
      const cdn = settings.settings.cdn_prefix;
      const src = (p: Pick<PublicProfile, 'main_image'> | undefined) =>
        p?.main_image?.thumb_filename ? photoUrl(cdn, p.main_image.thumb_filename) : null;
      const choice = await services.modal.open({
        title: intl.formatMessage({ id: 'ui.match.title', defaultMessage: 'It’s a match!' }),
        body: [
          {
            type: 'photos',
            photos: [
              {
                src: src(me),
                alt: intl.formatMessage({ id: 'ui.match.you', defaultMessage: 'Your photo' }),
                initial: initial(me?.name),
              },
              {
                src: src(profile),
                alt: intl.formatMessage({ id: 'ui.match.photo', defaultMessage: 'Photo of {name}' }, { name: profile.name }),
                initial: initial(profile.name),
              },
            ],
          },
          {
            type: 'paragraph',
            text: intl.formatMessage({ id: 'ui.match.body', defaultMessage: 'You and {name} like each other.' }, { name: profile.name }),
          },
        ],
        size: 'sm',
        // Without the chat feature (flags.chat off) there is no chat to offer.
        actions: [
          ...(flags.chat
            ? [{ id: 'message', label: intl.formatMessage({ id: 'ui.match.message', defaultMessage: 'Send a message' }), variant: 'primary' as const }]
            : []),
          { id: 'browse', label: intl.formatMessage({ id: 'ui.match.browse', defaultMessage: 'Keep browsing' }), variant: 'secondary' },
        ],
      });
      if (choice === 'message') {
        navigate({ name: 'members-memberId-chat', params: { memberId: profile.id } });
        return 'message';
      }
      return 'browse';
    },
    [flags.chat, intl, navigate, services, settings, store],
  );
}
