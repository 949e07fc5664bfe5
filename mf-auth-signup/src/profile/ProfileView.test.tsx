import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, loggingOutAtom, queryKeys, userAtom, type User } from '@dating/shared';
import { member, renderView, siteSettings } from '../testing/renderView';

// A test types into several fields.
jest.setTimeout(30_000);

const section = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

describe('my profile', () => {
  it('edits the personal information, with the name rules of signup', async () => {
    const user = userEvent.setup();
    const anna = member({ profile: { ...member().profile, fields: { smoking: 'never' } } });
    const settings = siteSettings({ settings: { visible_profile_fields: ['gender', 'smoking'] } });
    const { api, store } = renderView('profile', { routeName: 'profile', user: anna, settings });
    api.profileFields.mockResolvedValue({ allowed_values: { smoking: ['never', 'sometimes', 'regularly'] } });
    api.updateUser.mockImplementation(async ({ profile }) => ({ user: { ...anna, profile: { ...anna.profile, ...profile } } }));
    const personal = await section('Personal information');
    const name = within(personal).getByLabelText('Name');
    expect(name).toHaveValue('Anna');
    expect(await within(personal).findByLabelText('Smoking')).toHaveValue('never');
    await user.clear(name);
    await user.type(name, '@anna');
    expect(await within(personal).findByText('Your name cannot start with @')).toBeInTheDocument();
    expect(within(personal).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Anna Smit');
    await user.click(within(personal).getByRole('button', { name: 'Save' }));
    expect(await within(personal).findByRole('status')).toHaveTextContent('Saved.');
    expect(api.updateUser).toHaveBeenCalledWith({
      profile: { name: 'Anna Smit', gender: 'female', date_of_birth: '1994-05-01', language: 'nl', fields: { smoking: 'never' } },
    });
    expect(store.get(userAtom)?.profile.name).toBe('Anna Smit');
  }, 15_000); // types into three fields; the machine the suite runs on may be busy

  it('says what is in review and what was not approved, with the reason, and asks again after an upload', async () => {
    const anna = member();
    const { api, queryClient } = renderView('profile', { routeName: 'profile', user: anna });
    api.myModeration.mockResolvedValue({
      items: [
        { id: 7, kind: 'photo', field: 'photo', status: 'in_review', thumb_filename: 'new_t.jpg', text: null, reason: null, created_at: '2026-11-27T08:00:00Z' },
        { id: 6, kind: 'photo', field: 'photo', status: 'rejected', thumb_filename: null, text: null, reason: 'Not a photo of you', created_at: '2026-11-26T08:00:00Z' },
        { id: 5, kind: 'text', field: 'personal', status: 'rejected', thumb_filename: null, text: 'Call me on 0612345678', reason: 'Contact details', created_at: '2026-11-26T07:00:00Z' },
      ],
    });
    const review = await section('Review by our moderators');
    expect(within(review).getByText('Your photo is in review: others see it once a moderator has approved it.')).toBeInTheDocument();
    expect(within(review).getByText('Your photo was not approved (reason: Not a photo of you). You can upload another photo.')).toBeInTheDocument();
    expect(within(review).getByText(/^Your personal text was not approved \(reason: Contact details\)\. You can write it again\./)).toBeInTheDocument();
    expect(api.myModeration).toHaveBeenCalledTimes(1);
    // A new photo in the profile (an upload): the review is asked again.
    api.myModeration.mockResolvedValue({ items: [] });
    const uploaded: User = { ...anna, profile: { ...anna.profile, images: [...anna.profile.images, { id: 99, thumb_filename: 'again_t.jpg' }] } };
    queryClient.setQueryData(queryKeys.user(), uploaded);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Review by our moderators' })).not.toBeInTheDocument());
    expect(api.myModeration).toHaveBeenCalledTimes(2);
  });

  it('switches off messages from profiles run by the site; a protection set by customer service cannot be lifted here', async () => {
    const user = userEvent.setup();
    const { api } = renderView('profile', { routeName: 'profile', user: member() });
    api.setSiteRunProtection.mockResolvedValue({ by_member: true, by_support: false });
    const part = await section('Profiles run by the site');
    expect(within(part).getByRole('link', { name: 'More about these profiles' })).toHaveAttribute('href', '/pages-site-run');
    const toggle = await within(part).findByRole('checkbox', { name: 'Receive no messages from profiles run by the site' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(api.setSiteRunProtection).toHaveBeenCalledWith(true);
    expect(await within(part).findByRole('checkbox', { name: 'Receive no messages from profiles run by the site' })).toBeChecked();
    expect(within(part).getByRole('status')).toHaveTextContent('Saved.');
  }, 15_000);

  it('says when customer service protects the member from profiles run by the site', async () => {
    const { api } = renderView('profile', { routeName: 'profile', user: member() });
    api.siteRunProtection.mockResolvedValue({ by_member: false, by_support: true });
    const part = await section('Profiles run by the site');
    const toggle = await within(part).findByRole('checkbox', { name: 'Receive no messages from profiles run by the site' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(within(part).getByText(/Customer service has switched this on for you/)).toBeInTheDocument();
  });

  it("the photo section holds mf-commerce's premium-only switches, as its fragment", async () => {
    renderView('profile', { routeName: 'profile', user: member() });
    const photo = await section('Photo');
    const fragment = within(photo).getByRole('region', { name: 'Photos for Premium members' });
    expect(fragment).toHaveTextContent('mf_commerce/premium-photos');
  });

  it('saves the location without looking the member up', async () => {
    const user = userEvent.setup();
    const anna = member();
    const { api } = renderView('profile', { routeName: 'profile', user: anna });
    api.updateUser.mockResolvedValue({ user: anna });
    const location = await section('Where I live');
    expect(within(location).getByLabelText('Country')).toHaveValue('NL');
    await user.clear(within(location).getByLabelText('City (optional)'));
    await user.type(within(location).getByLabelText('City (optional)'), 'Amersfoort');
    await user.click(within(location).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateUser).toHaveBeenCalledWith({ country: 'NL', countryregion: null, city: 'Amersfoort' }));
    expect(api.geocode).not.toHaveBeenCalled();
    // Like every other section, it says so; the next edit takes the confirmation away.
    expect(await within(location).findByRole('status')).toHaveTextContent('Saved.');
    await user.type(within(location).getByLabelText('City (optional)'), 'x');
    expect(within(location).queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('asks for a new email address with the password and says where the confirmation went', async () => {
    const user = userEvent.setup();
    const { api } = renderView('profile', { routeName: 'profile', user: member() });
    api.requestMailChange.mockResolvedValue({ sent: true });
    const email = await section('Email address');
    expect(email).toHaveTextContent('Your email address is anna@example.com.');
    await user.type(within(email).getByLabelText('New email address'), 'anna@example.com');
    await user.type(within(email).getByLabelText('Your current password'), 'secret');
    await user.click(within(email).getByRole('button', { name: 'Change my email address' }));
    expect(await within(email).findByText('This is already your email address')).toBeInTheDocument();
    await user.clear(within(email).getByLabelText('New email address'));
    await user.type(within(email).getByLabelText('New email address'), 'anna.new@example.com');
    await user.click(within(email).getByRole('button', { name: 'Change my email address' }));
    expect(await within(email).findByRole('status')).toHaveTextContent('We sent a confirmation link to anna.new@example.com.');
    expect(api.requestMailChange).toHaveBeenCalledWith('anna.new@example.com', 'secret');
  });

  it('focuses the new address when opened at #email (the signup’s change-email link)', async () => {
    renderView('profile', { routeName: 'profile', user: member(), hash: 'email' });
    await waitFor(() => expect(screen.getByLabelText('New email address')).toHaveFocus(), { timeout: 3000 }); // a busy machine renders slowly
  });

  it('sends a link to change the password to the member’s own address', async () => {
    const user = userEvent.setup();
    const { api } = renderView('profile', { routeName: 'profile', user: member() });
    api.requestPasswordReset.mockResolvedValue({ sent: true });
    const password = await section('Password');
    await user.click(within(password).getByRole('button', { name: 'Send me a link to change my password' }));
    expect(await within(password).findByRole('status')).toHaveTextContent('We sent the link to anna@example.com.');
    expect(api.requestPasswordReset).toHaveBeenCalledWith('anna@example.com');
  });

  it('changes the password with the current one: a wrong current password is said at its field, then the other devices are logged out', async () => {
    const user = userEvent.setup();
    const { api } = renderView('profile', { routeName: 'profile', user: member() });
    api.changePassword.mockRejectedValueOnce(new ApiError(400, 'current_password: the password is not correct', 'wrong_password', 'current_password'));
    api.changePassword.mockResolvedValueOnce({ done: true, ended: 2 });
    const password = await section('Password');
    await user.type(within(password).getByLabelText('Current password'), 'wrong');
    await user.type(within(password).getByLabelText('New password'), 'a better secret');
    await user.type(within(password).getByLabelText('New password again'), 'a better secreT');
    await user.click(within(password).getByRole('button', { name: 'Change my password' }));
    expect(await within(password).findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(api.changePassword).not.toHaveBeenCalled();
    await user.clear(within(password).getByLabelText('New password again'));
    await user.type(within(password).getByLabelText('New password again'), 'a better secret');
    await user.click(within(password).getByRole('button', { name: 'Change my password' }));
    expect(await within(password).findByText('This is not your current password.')).toBeInTheDocument();
    expect(api.changePassword).toHaveBeenCalledWith('wrong', 'a better secret');
    await user.clear(within(password).getByLabelText('Current password'));
    await user.type(within(password).getByLabelText('Current password'), 'right');
    await user.click(within(password).getByRole('button', { name: 'Change my password' }));
    expect(await within(password).findByRole('status')).toHaveTextContent('Your password was changed. 2 other devices were logged out.');
    expect(api.changePassword).toHaveBeenLastCalledWith('right', 'a better secret');
  });

  it('deletes the account after the password confirms it, and shows the goodbye page', async () => {
    const user = userEvent.setup();
    const { api, navigate, store } = renderView('profile', { routeName: 'profile', user: member() });
    api.deleteAccount.mockRejectedValueOnce(new ApiError(400, 'password: the password is not correct', 'wrong_password', 'password'));
    api.deleteAccount.mockResolvedValueOnce('done');
    const danger = await section('Delete account');
    await user.click(within(danger).getByRole('button', { name: 'Delete my account' }));
    expect(await within(danger).findByText('Value is required')).toBeInTheDocument();
    expect(api.deleteAccount).not.toHaveBeenCalled();
    await user.type(within(danger).getByLabelText('Your password, to confirm'), 'wrong');
    await user.click(within(danger).getByRole('button', { name: 'Delete my account' }));
    expect(await within(danger).findByRole('alert')).toHaveTextContent('The password is not correct.');
    expect(navigate).not.toHaveBeenCalled();
    await user.clear(within(danger).getByLabelText('Your password, to confirm'));
    await user.type(within(danger).getByLabelText('Your password, to confirm'), 'right');
    await user.click(within(danger).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'account-deleted' }, { replace: true }));
    expect(api.deleteAccount).toHaveBeenLastCalledWith('right');
    expect(store.get(userAtom)).toBeNull();
    // Marked as a logout, so the shell does not send the member from /profile to login instead.
    expect(store.get(loggingOutAtom)).toBe(true);
  });

  it('warns before deleting that paid credits and Premium are lost', async () => {
    const { api } = renderView('profile', { routeName: 'profile', user: member({ credits: 120 }) });
    api.credits.mockResolvedValue({
      balance: 120,
      premium: { paid_user: true, status: 'active', plan_id: 'month', current_period_end: '2027-01-15T10:00:00Z', cancel_at_period_end: false },
    });
    const danger = await section('Delete account');
    expect(await within(danger).findByText('You still have 120 credits. They are lost with the account and are not paid back.')).toBeInTheDocument();
    expect(
      await within(danger).findByText('Your Premium runs until January 15, 2027. Deleting the account ends it now: the rest of the period is lost and not paid back.'),
    ).toBeInTheDocument();
  });

  it('says nothing of credits or Premium to a member who has neither', async () => {
    const { api } = renderView('profile', { routeName: 'profile', user: member({ credits: 0 }) });
    api.credits.mockResolvedValue({
      balance: 0,
      premium: { paid_user: false, status: 'none', plan_id: null, current_period_end: null, cancel_at_period_end: false },
    });
    const danger = await section('Delete account');
    await waitFor(() => expect(api.credits).toHaveBeenCalled());
    expect(within(danger).queryByText(/credits/)).not.toBeInTheDocument();
    expect(within(danger).queryByText(/Premium runs/)).not.toBeInTheDocument();
  });

  it('when the payment service does not answer, deleting says the Premium subscription could not be stopped and the account stays', async () => {
    const user = userEvent.setup();
    const { api, navigate } = renderView('profile', { routeName: 'profile', user: member() });
    api.deleteAccount.mockRejectedValueOnce(
      new ApiError(503, 'The payment provider did not answer, so the subscription could not be ended: try again in a moment', 'payments_unavailable'),
    );
    const danger = await section('Delete account');
    await user.type(within(danger).getByLabelText('Your password, to confirm'), 'right');
    await user.click(within(danger).getByRole('button', { name: 'Delete my account' }));
    expect(await within(danger).findByRole('alert')).toHaveTextContent(
      'Your Premium subscription could not be stopped because the payment service did not answer. Your account has not been deleted',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('uploads a new photo', async () => {
    const user = userEvent.setup();
    const { api, store } = renderView('profile', { routeName: 'profile', user: member() });
    api.uploadProfileImage.mockResolvedValue({ image: { id: 9, thumb_filename: 't9.jpg' }, main_image: { thumb_filename: 't9.jpg' } });
    const photo = await section('Photo');
    await user.upload(within(photo).getByLabelText('Choose a photo'), new File(['x'], 'new.jpg', { type: 'image/jpeg' }));
    await user.click(within(photo).getByRole('button', { name: 'Upload photo' }));
    expect(await within(photo).findByRole('status')).toHaveTextContent('Your photo has been saved.');
    expect(store.get(userAtom)?.profile.main_image).toEqual({ thumb_filename: 't9.jpg' });
  });
});
