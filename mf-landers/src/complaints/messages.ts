import { defineMessages } from 'react-intl';
import { asText } from '../common/defineText';

export const c = asText(
  defineMessages({
    title: { id: 'complaints.title', defaultMessage: 'Complaints' },
    intro: {
      id: 'complaints.intro',
      defaultMessage: 'Something went wrong, or did someone behave badly? Tell us here. Customer service reads every complaint and answers within {days} working days.',
    },
    category: { id: 'complaints.category', defaultMessage: 'What is your complaint about?' },
    catMember: { id: 'complaints.cat.member', defaultMessage: 'A member' },
    catMessage: { id: 'complaints.cat.message', defaultMessage: 'A message' },
    catPayment: { id: 'complaints.cat.payment', defaultMessage: 'A payment' },
    catPhoto: { id: 'complaints.cat.photo', defaultMessage: 'A photo' },
    catOther: { id: 'complaints.cat.other', defaultMessage: 'Something else' },
    member: { id: 'complaints.member', defaultMessage: 'Member number or profile link (optional)' },
    memberHint: { id: 'complaints.memberHint', defaultMessage: 'For example 1234 or the address of the profile page.' },
    description: { id: 'complaints.description', defaultMessage: 'What happened?' },
    descriptionHint: { id: 'complaints.descriptionHint', defaultMessage: 'Tell us what happened and when. {count} of {max} characters.' },
    email: { id: 'complaints.email', defaultMessage: 'Your email address' },
    emailHint: { id: 'complaints.emailHint', defaultMessage: 'We send the confirmation and our answer here.' },
    memberEmail: { id: 'complaints.memberEmail', defaultMessage: 'We answer at the email address of your account.' },
    submit: { id: 'complaints.submit', defaultMessage: 'Send complaint' },
    sending: { id: 'complaints.sending', defaultMessage: 'Sending…' },
    errCategory: { id: 'complaints.err.category', defaultMessage: 'Choose what your complaint is about.' },
    errShort: { id: 'complaints.err.short', defaultMessage: 'Describe what happened in at least {min} characters.' },
    errLong: { id: 'complaints.err.long', defaultMessage: 'Keep it to {max} characters.' },
    errEmail: { id: 'complaints.err.email', defaultMessage: 'Enter a valid email address, so that we can answer you.' },
    errMember: { id: 'complaints.err.member', defaultMessage: 'Enter a member number or a link to a profile, or leave this empty.' },
    errMemberUnknown: { id: 'complaints.err.memberUnknown', defaultMessage: 'There is no member with this number. Check it, or leave the field empty.' },
    errRate: { id: 'complaints.err.rate', defaultMessage: 'You sent several complaints in a short time. Please try again in an hour, or call us.' },
    errFailed: { id: 'complaints.err.failed', defaultMessage: 'Your complaint could not be sent. Nothing is lost: try again in a moment.' },
    doneTitle: { id: 'complaints.done.title', defaultMessage: 'Thank you, we received your complaint' },
    doneBody: {
      id: 'complaints.done.body',
      defaultMessage: 'Your reference is {reference}. We sent a confirmation to {email} and will answer within {days} working days.',
    },
    another: { id: 'complaints.another', defaultMessage: 'Make another complaint' },
    orCall: { id: 'complaints.orCall', defaultMessage: 'Prefer to talk? Call customer service at {phone}.' },
  }),
);
