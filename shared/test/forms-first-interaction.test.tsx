// A form whose schema is picked from the contract evaluates no zod until the member acts: a page
// that only shows a form (a lander's signup form) stays free of it. Its own file: the first
// interaction is remembered for the page, as in a browser.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { TextField, useZodForm } from '../src/ui/form';
// Loaded here, so that only the wait for the member can hold the check back.
import '../src/schemas';

function ValidForm() {
  const form = useZodForm((c) => c.SignupFormSchema, { defaultValues: { email: 'anna@example.com', name: 'Anna', password: 'pw', adult: true } });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <TextField label="Name" {...form.register('name')} />
      <button type="submit" disabled={!form.formState.isValid}>
        Save
      </button>
    </form>
  );
}

it('counts a form as not valid until the member first acts on the page, then checks it', async () => {
  render(
    <IntlProvider locale="en" onError={() => {}}>
      <ValidForm />
    </IntlProvider>,
  );
  const save = screen.getByRole('button', { name: 'Save' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(save).toBeDisabled();
  await userEvent.setup().click(screen.getByLabelText('Name'));
  await waitFor(() => expect(save).toBeEnabled());
});
