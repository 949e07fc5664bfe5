// The field rules of spec §5 as the contract states them (one place for client and API), and the
// form pieces every remote builds its forms with.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import {
  BirthDateSchema,
  LocationUpdateSchema,
  PersonalFormSchema,
  ProfileUpdateSchema,
  NewPasswordFormSchema,
  SignupFormSchema,
  nameFromEmail,
  readRuleMessage,
  ruleMessage,
  worthCheckingEmail,
} from '../src/schemas';
import { TextField, shownError, useZodForm, type SchemaSource } from '../src/ui/form';
import nl from '../src/ui/i18n/nl.json';

/** The message key (without values) of the first issue on a field, or null when the value passes. */
function problem(schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown, field: string) {
  const issue = schema.safeParse(value).error?.issues.find((i) => i.path.join('.') === field);
  return issue ? issue.message : null;
}
const signup = (v: Partial<{ email: string; name: string; password: string; adult: unknown }>) => ({ email: 'anna@example.com', name: 'Anna', password: 'pw', adult: true, ...v });

describe('the confirmation of being 18 or older', () => {
  it('is needed to create an account: unticked or missing, the form names it', () => {
    expect(problem(SignupFormSchema, signup({ adult: false }), 'adult')).toBe('signup.adult_required');
    expect(problem(SignupFormSchema, signup({ adult: undefined }), 'adult')).toBe('signup.adult_required');
    expect(problem(SignupFormSchema, signup({}), 'adult')).toBeNull();
    // Unticked, the other rules still speak.
    expect(problem(SignupFormSchema, signup({ adult: false, name: 'anna@example.com' }), 'name')).toBe('signup.name_equal_to_email');
  });
});

describe('email rules (spec §5)', () => {
  it('asks for an address when the field is empty', () => {
    expect(problem(SignupFormSchema, signup({ email: '' }), 'email')).toBe('validation.required');
  });
  it.each(['anna', 'anna@', 'anna@example', '@example.com', 'anna@@example.com', 'anna example@x.nl'])('calls %p not a valid email address', (email) => {
    expect(problem(SignupFormSchema, signup({ email }), 'email')).toBe('validation.email_invalid');
  });
  it.each(['anna@example.com', 'a.b+c@sub.ziggo.nl', ' anna@example.com '])('accepts %p', (email) => {
    expect(problem(SignupFormSchema, signup({ email }), 'email')).toBeNull();
  });
  it('asks the server only once the value has an at sign and a dot', () => {
    expect(worthCheckingEmail('anna')).toBe(false);
    expect(worthCheckingEmail('anna@example')).toBe(false);
    expect(worthCheckingEmail('anna.example')).toBe(false);
    expect(worthCheckingEmail('anna@example.c')).toBe(true);
  });
});

describe('name rules (spec §5)', () => {
  it('is required', () => {
    expect(problem(SignupFormSchema, signup({ name: '' }), 'name')).toBe('validation.required');
    expect(problem(SignupFormSchema, signup({ name: '   ' }), 'name')).toBe('validation.required');
  });
  it('takes 1 to 150 characters, and says the maximum', () => {
    expect(problem(SignupFormSchema, signup({ name: 'A' }), 'name')).toBeNull();
    expect(problem(SignupFormSchema, signup({ name: 'x'.repeat(150) }), 'name')).toBeNull();
    const tooLong = problem(SignupFormSchema, signup({ name: 'x'.repeat(151) }), 'name');
    expect(readRuleMessage(tooLong!)).toEqual({ id: 'validation.too_long', values: { max: 150 } });
  });
  it('must not start with @', () => {
    expect(problem(SignupFormSchema, signup({ name: '@anna' }), 'name')).toBe('signup.name_starts_with_at');
    expect(problem(SignupFormSchema, signup({ name: 'an@na' }), 'name')).toBeNull();
  });
  it('must not be the email address, whatever the case', () => {
    expect(problem(SignupFormSchema, signup({ name: 'Anna@Example.com' }), 'name')).toBe('signup.name_equal_to_email');
    expect(problem(SignupFormSchema, signup({ email: '', name: '' }), 'name')).toBe('validation.required');
  });
  it('defaults to the part of the address before the at sign', () => {
    expect(nameFromEmail('anna.smit@example.com')).toBe('anna.smit');
    expect(nameFromEmail('anna')).toBe('');
    expect(nameFromEmail('@example.com')).toBe('');
  });
});

describe('password, city and country rules', () => {
  it('needs a password that is not empty (spaces count)', () => {
    expect(problem(SignupFormSchema, signup({ password: '' }), 'password')).toBe('validation.required');
    expect(problem(SignupFormSchema, signup({ password: ' ' }), 'password')).toBeNull();
  });
  it('wants a new password twice the same', () => {
    expect(problem(NewPasswordFormSchema, { password: 'a', repeat: 'b' }, 'repeat')).toBe('validation.passwords_differ');
    expect(NewPasswordFormSchema.safeParse({ password: 'a', repeat: 'a' }).success).toBe(true);
  });
  it('lets a city have at most 255 characters', () => {
    expect(problem(LocationUpdateSchema, { country: 'NL', city: 'x'.repeat(255) }, 'city')).toBeNull();
    expect(readRuleMessage(problem(LocationUpdateSchema, { country: 'NL', city: 'x'.repeat(256) }, 'city')!)?.values).toEqual({ max: 255 });
  });
  it('needs a country to save a location', () => {
    expect(problem(LocationUpdateSchema, { country: '' }, 'country')).toBe('validation.country_required');
    expect(problem(LocationUpdateSchema, { country: 'NL' }, 'country')).toBeNull();
  });
});

/** year-month-day of the UTC date `years` years and `days` days ago. */
function bornAgo(years: number, days = 0): string {
  const d = new Date();
  const at = new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() - days));
  return at.toISOString().slice(0, 10);
}

describe('date of birth rules (spec §5)', () => {
  const dob = (value: string) => BirthDateSchema.safeParse(value).error?.issues[0]?.message ?? null;
  it('needs all three parts', () => {
    expect(dob('0000-00-00')).toBe('profile.date_of_birth_error');
    expect(dob('1990-00-12')).toBe('profile.date_of_birth_error');
    expect(dob('')).toBe('profile.date_of_birth_error');
  });
  it('needs a real calendar date', () => {
    expect(dob('1990-02-30')).toBe('profile.date_of_birth_error');
    expect(dob('1990-04-31')).toBe('profile.date_of_birth_error');
    expect(dob('1992-02-29')).toBeNull();
  });
  it('needs the member to be 18 on the day, and at most 100', () => {
    expect(dob(bornAgo(18))).toBeNull();
    expect(dob(bornAgo(18, -1))).toBe('profile.date_of_birth_error');
    expect(dob(bornAgo(100))).toBeNull();
    expect(dob(bornAgo(101))).toBe('profile.date_of_birth_error');
  });
  it('is the rule of the profile call too, which also takes 0000-00-00 to clear the date', () => {
    expect(ProfileUpdateSchema.safeParse({ date_of_birth: bornAgo(18, -1) }).error?.issues[0]?.message).toBe('profile.date_of_birth_error');
    expect(ProfileUpdateSchema.safeParse({ date_of_birth: '0000-00-00' }).success).toBe(true);
  });
  it('comes with a gender in the personal form', () => {
    expect(problem(PersonalFormSchema, { gender: '', date_of_birth: bornAgo(30), fields: {} }, 'gender')).toBe('validation.required');
    expect(PersonalFormSchema.safeParse({ gender: 'female', date_of_birth: bornAgo(30), fields: {} }).success).toBe(true);
  });
});

describe('rule messages', () => {
  it('carry their values and read back with numbers as numbers', () => {
    expect(ruleMessage('validation.too_long', { max: 150 })).toBe('validation.too_long?max=150');
    expect(readRuleMessage('validation.too_long?max=150')).toEqual({ id: 'validation.too_long', values: { max: 150 } });
    expect(readRuleMessage('signup.name_starts_with_at')).toEqual({ id: 'signup.name_starts_with_at', values: {} });
  });
  it('are told apart from the sentences of the API', () => {
    expect(readRuleMessage('Email address or password is incorrect')).toBeNull();
    expect(readRuleMessage('password: the password is not correct')).toBeNull();
  });
});

type SignupSource = SchemaSource<typeof SignupFormSchema>;

function NameForm({ onSave, schema }: { onSave(v: unknown): void; schema: SignupSource }) {
  const form = useZodForm(schema, { defaultValues: { email: 'anna@example.com', name: '', password: 'pw', adult: true } });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <TextField label="Name" hint="The name others see." error={shownError(form, 'name', { whileTyping: true })} {...form.register('name')} />
      <TextField label="Password" error={shownError(form, 'password')} type="password" {...form.register('password')} />
      <button type="submit" disabled={!form.formState.isValid}>
        Save
      </button>
    </form>
  );
}

// The same form with the schema at hand, and with the schema picked from the contract's schemas,
// which load with the first validation (the view itself ships without zod).
describe.each<[string, SignupSource]>([
  ['the schema at hand', SignupFormSchema],
  ['the schema picked from the contract', (c) => c.SignupFormSchema],
])('useZodForm with TextField, %s', (_, schema) => {
  const renderForm = (locale = 'en', messages: Record<string, string> = {}) => {
    const onSave = jest.fn();
    render(
      <IntlProvider locale={locale} messages={messages} onError={() => {}}>
        <NameForm onSave={onSave} schema={schema} />
      </IntlProvider>,
    );
    return { onSave, user: userEvent.setup() };
  };

  it('answers a submit made before anything was validated with the broken rule, and saves nothing', async () => {
    const { onSave } = renderForm();
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the broken rule in words below the field, announced with it, and keeps submit disabled', async () => {
    const { user } = renderForm();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAccessibleDescription('The name others see.');
    await user.type(name, '@anna');
    expect(await screen.findByText('Your name cannot start with @')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Your name cannot start with @');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows a rule of a field the member only left once they leave it, in their language', async () => {
    const { user } = renderForm('nl', nl);
    const password = screen.getByLabelText('Password');
    await user.clear(password);
    expect(screen.queryByText('Dit veld is verplicht')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Dit veld is verplicht')).toBeInTheDocument();
  });

  it('hands the parsed values (trimmed, as the API will take them) to the submit', async () => {
    const { user, onSave } = renderForm();
    await user.type(screen.getByLabelText('Name'), '  Anna  ');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toEqual({ email: 'anna@example.com', name: 'Anna', password: 'pw', adult: true });
  });
});
