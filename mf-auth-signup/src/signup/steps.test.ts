import { member } from '@dating/shared/testing';
import { dotOf, entryStep, nextStep, progressPhase } from './steps';

const bare = () =>
  member({
    profile: {
      ...member().profile,
      gender: null,
      date_of_birth: '0000-00-00',
      city: null,
      countryregion: null,
      personal: '',
      main_image: null,
    },
  });
const withProfile = (patch: Partial<ReturnType<typeof member>['profile']>) => {
  const m = bare();
  return { ...m, profile: { ...m.profile, ...patch } };
};
const on = { pushOffered: true, autoSkip: true, notesOffered: true };

describe('where a member enters the signup (spec §4)', () => {
  it('starts a visitor at step 0', () => {
    expect(entryStep(null, on)).toBe(0);
    expect(entryStep(undefined, on)).toBe(0);
  });
  it('starts a logged-in member at 1 when push is offered', () => {
    expect(entryStep(bare(), on)).toBe(1);
  });
  it('starts at 2 when push is not offered', () => {
    expect(entryStep(bare(), { ...on, pushOffered: false })).toBe(2);
  });
  it('starts at 3 when a main image exists', () => {
    expect(entryStep(withProfile({ main_image: { thumb_filename: 'a.jpg' } }), on)).toBe(3);
  });
  it('with auto-skip, starts at 4 when region or city exists', () => {
    expect(entryStep(withProfile({ city: 'Utrecht' }), on)).toBe(4);
    expect(entryStep(withProfile({ countryregion: 'Utrecht' }), on)).toBe(4);
  });
  it('with auto-skip, starts at 5 when gender or date of birth exists', () => {
    expect(entryStep(withProfile({ gender: 'female' }), on)).toBe(5);
    expect(entryStep(withProfile({ date_of_birth: '1990-01-01' }), on)).toBe(5);
  });
  it('with auto-skip, starts at 6 when personal text exists', () => {
    expect(entryStep(withProfile({ personal: 'Hello there' }), on)).toBe(6);
  });
  it('without auto-skip, filled-in steps are not skipped', () => {
    const full = withProfile({ city: 'Utrecht', gender: 'female', personal: 'Hi', main_image: { thumb_filename: 'a.jpg' } });
    expect(entryStep(full, { ...on, autoSkip: false })).toBe(3);
  });
  it('passes the notes step when the site shows no notes', () => {
    expect(entryStep(withProfile({ gender: 'male' }), { ...on, notesOffered: false })).toBe(6);
  });
});

describe('the next step', () => {
  it('goes from the account to the push step only when push is offered', () => {
    expect(nextStep(0, { pushOffered: true, notesOffered: true })).toBe(1);
    expect(nextStep(0, { pushOffered: false, notesOffered: true })).toBe(2);
  });
  it('passes the notes step when the site shows no notes', () => {
    expect(nextStep(4, { pushOffered: false, notesOffered: false })).toBe(6);
    expect(nextStep(4, { pushOffered: false, notesOffered: true })).toBe(5);
  });
  it('stops at 7', () => {
    expect(nextStep(7, { pushOffered: true, notesOffered: true })).toBe(7);
  });
});

describe('the 4 dots and the activation texts', () => {
  it('spreads 8 steps over 4 dots', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((s) => dotOf(s as never))).toEqual([0, 1, 1, 1, 2, 2, 3, 3]);
  });
  it('changes the activation text at steps 4, 7 and 10', () => {
    expect([0, 3, 4, 6, 7, 9, 10, 20].map(progressPhase)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });
});
