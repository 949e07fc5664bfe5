jest.setTimeout(30_000);

import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';

function setup(options: Parameters<typeof renderView>[1] = {}) {
  const user = userEvent.setup();
  const api = mockApi();
  const result = renderView('complaints', { routeName: 'complaints', user: null, api, ...options });
  return { ...result, user, api };
}

const describeIt = 'Someone keeps sending me rude messages after I asked to stop.';

describe('/complaints', () => {
  it('refuses an empty form with a clear error per field, sending nothing', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText('Choose what your complaint is about.')).toBeInTheDocument();
    expect(screen.getByText('Describe what happened in at least 20 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address, so that we can answer you.')).toBeInTheDocument();
    expect(screen.getByLabelText('What happened?')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radiogroup', { name: 'What is your complaint about?' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.complain).not.toHaveBeenCalled();
  });

  it('checks the member reference: a number or a profile link', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Member number or profile link (optional)'), 'that guy');
    await user.tab();
    expect(await screen.findByText('Enter a member number or a link to a profile, or leave this empty.')).toBeInTheDocument();
  });

  it('a visitor’s complaint: sent in their language, confirmed on screen with the reference', async () => {
    const { user, api } = setup({ locale: 'nl' });
    api.complain.mockResolvedValue({ reference: 'C-000042', confirmation_sent_to: 'anna@example.com' });
    await user.click(await screen.findByRole('radio', { name: 'Een lid' }));
    await user.type(screen.getByLabelText('Lidnummer of profiellink (optioneel)'), 'https://amora.example/members/77');
    await user.type(screen.getByLabelText('Wat is er gebeurd?'), describeIt);
    await user.type(screen.getByLabelText('Je e-mailadres'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt, we hebben je klacht ontvangen' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Je kenmerk is C-000042. We hebben een bevestiging gestuurd naar anna@example.com');
    expect(api.complain).toHaveBeenCalledWith({
      category: 'member',
      member: 'https://amora.example/members/77',
      description: describeIt,
      email: 'anna@example.com',
      language: 'nl',
    });
  });

  it('a member does not give an address: the account’s is used', async () => {
    const { user, api } = setup({ user: member() });
    api.complain.mockResolvedValue({ reference: 'C-000043', confirmation_sent_to: 'me@example.com' });
    expect(await screen.findByText('We answer at the email address of your account.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your email address')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'A payment' }));
    await user.type(screen.getByLabelText('What happened?'), 'I was charged twice for one package of credits.');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText(/Your reference is C-000043/)).toBeInTheDocument();
    expect(api.complain.mock.calls[0][0]).toMatchObject({ category: 'payment', email: undefined, language: 'en' });
  });

  it('an unknown member number from the API marks that field; what was typed stays', async () => {
    const { user, api } = setup();
    api.complain.mockRejectedValue(new ApiError(400, 'member: there is no member with this number', 'invalid_input', 'member'));
    await user.click(await screen.findByRole('radio', { name: 'A photo' }));
    await user.type(screen.getByLabelText('Member number or profile link (optional)'), '99999');
    await user.type(screen.getByLabelText('What happened?'), describeIt);
    await user.type(screen.getByLabelText('Your email address'), 'v@example.com');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText('There is no member with this number. Check it, or leave the field empty.')).toBeInTheDocument();
    expect(screen.getByLabelText('What happened?')).toHaveValue(describeIt);
  });

  it('too many complaints: a clear message instead of a failure', async () => {
    const { user, api } = setup();
    api.complain.mockRejectedValue(new ApiError(429, 'Too many requests', 'rate_limited'));
    await user.click(await screen.findByRole('radio', { name: 'Something else' }));
    await user.type(screen.getByLabelText('What happened?'), describeIt);
    await user.type(screen.getByLabelText('Your email address'), 'v@example.com');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You sent several complaints in a short time');
  });
});
