import { defineMessages } from 'react-intl';
import { asText } from '../common/defineText';

export const m = asText(
  defineMessages({
    membersCount: { id: 'lander.membersCount', defaultMessage: '{count, plural, one {# member} other {# members}} of your taste' },
    onlineNow: { id: 'lander.onlineNow', defaultMessage: '{count, plural, =0 {Members are joining tonight} one {# member online now} other {# members online now}}' },
    galleryTitle: { id: 'lander.gallery.title', defaultMessage: 'Just joined near you' },
    mapTitle: { id: 'lander.map.title', defaultMessage: 'Members in {country}' },
    mapLabel: { id: 'lander.map.label', defaultMessage: 'Map of {country} with the number of members per city' },
    mapCity: { id: 'lander.map.city', defaultMessage: '{city}: {count, plural, one {# member} other {# members}}' },
    mapNone: { id: 'lander.map.none', defaultMessage: 'Be the first member in your city.' },
    aloneKicker: { id: 'lander.alone.kicker', defaultMessage: 'Tonight' },
    aloneWho: { id: 'lander.alone.who', defaultMessage: 'Who is around' },
    iconsFree: { id: 'lander.icons.free', defaultMessage: 'Free to join' },
    iconsFreeText: { id: 'lander.icons.freeText', defaultMessage: 'Create your profile, search and like without paying anything.' },
    iconsNear: { id: 'lander.icons.near', defaultMessage: 'People near you' },
    iconsNearText: { id: 'lander.icons.nearText', defaultMessage: 'Search by region and age and see who lives close by.' },
    iconsPrivate: { id: 'lander.icons.private', defaultMessage: 'Your privacy first' },
    iconsPrivateText: { id: 'lander.icons.privateText', defaultMessage: 'Your email address, date of birth and exact location are never shown.' },
    iconsChat: { id: 'lander.icons.chat', defaultMessage: 'Chat right away' },
    iconsChatText: { id: 'lander.icons.chatText', defaultMessage: 'Like a profile, start a conversation and get notified of replies.' },
    socialTitle: { id: 'lander.social.title', defaultMessage: 'What members are saying' },
    socialNoNote: { id: 'lander.social.noNote', defaultMessage: 'Just joined {site}.' },
    socialLike: { id: 'lander.social.like', defaultMessage: 'Sign up to reply to {name}' },
    collageTitle: { id: 'lander.collage.title', defaultMessage: 'Real faces, real stories' },
    slideshow: { id: 'lander.slideshow', defaultMessage: 'Members of {site}' },
    reelPaused: { id: 'lander.reel.pause', defaultMessage: 'Pause the moving pictures' },
    reelPlay: { id: 'lander.reel.play', defaultMessage: 'Play the moving pictures' },
    empty: { id: 'lander.empty', defaultMessage: 'New members join every day. Sign up now and be among the first to meet them.' },
  }),
);
