import { checkCity, checkCountry, checkDateOfBirth, checkEmailFormat, checkName, checkPassword, nameFromEmail, worthCheckingOnServer } from './validation';

const id = (p: { message: { id?: string } } | null) => p?.message.id ?? null;

describe('email rules (spec §5)', () => {
  it('asks for an address when the field is empty', () => {
    expect(id(checkEmailFormat(''))).toBe('validation.required');
  });
  it.each(['anna', 'anna@', 'anna@example', '@example.com', 'anna@@example.com', 'anna example@x.nl'])(
    'calls %p not a valid email address',
    (email) => expect(id(checkEmailFormat(email))).toBe('validation.email_invalid'),
  );
  it.each(['anna@example.com', 'a.b+c@sub.ziggo.nl', ' anna@example.com '])('accepts %p', (email) => {
    expect(checkEmailFormat(email)).toBeNull();
  });
  it('asks the server only once the value has an at sign and a dot', () => {
    expect(worthCheckingOnServer('anna')).toBe(false);
    expect(worthCheckingOnServer('anna@example')).toBe(false);
    expect(worthCheckingOnServer('anna.example')).toBe(false);
    expect(worthCheckingOnServer('anna@example.c')).toBe(true);
  });
});

describe('name rules (spec §5)', () => {
  it('is required', () => {
    expect(id(checkName('', 'anna@example.com'))).toBe('validation.required');
    expect(id(checkName('   ', 'anna@example.com'))).toBe('validation.required');
  });
  it('takes 1 to 150 characters', () => {
    expect(checkName('A', '')).toBeNull();
    expect(checkName('x'.repeat(150), '')).toBeNull();
    const tooLong = checkName('x'.repeat(151), '');
    expect(id(tooLong)).toBe('validation.too_long');
    expect(tooLong?.values).toEqual({ max: 150 });
  });
  it('must not start with @', () => {
    expect(id(checkName('@anna', ''))).toBe('signup.name_starts_with_at');
    expect(checkName('an@na', '')).toBeNull();
  });
  it('must not be the email address, whatever the case', () => {
    expect(id(checkName('Anna@Example.com', 'anna@example.com'))).toBe('signup.name_equal_to_email');
  });
  it('defaults to the part of the address before the at sign', () => {
    expect(nameFromEmail('anna.smit@example.com')).toBe('anna.smit');
    expect(nameFromEmail('anna')).toBe('');
    expect(nameFromEmail('@example.com')).toBe('');
  });
});

describe('password, city and country rules', () => {
  it('needs a password that is not empty', () => {
    expect(id(checkPassword(''))).toBe('validation.required');
    expect(checkPassword(' ')).toBeNull();
  });
  it('lets a city have at most 255 characters', () => {
    expect(checkCity('x'.repeat(255))).toBeNull();
    expect(checkCity('x'.repeat(256))?.values).toEqual({ max: 255 });
  });
  it('needs a country to save a location', () => {
    expect(id(checkCountry(''))).toBe('validation.country_required');
    expect(checkCountry('NL')).toBeNull();
  });
});

describe('date of birth rules (spec §5)', () => {
  const today = new Date('2025-06-15T12:00:00Z'); // 15 June 2025 (ages count the UTC date)
  it('needs all three parts', () => {
    expect(id(checkDateOfBirth('0000-00-00', today))).toBe('profile.date_of_birth_error');
    expect(id(checkDateOfBirth('1990-00-12', today))).toBe('profile.date_of_birth_error');
    expect(id(checkDateOfBirth('', today))).toBe('profile.date_of_birth_error');
  });
  it('needs a real calendar date', () => {
    expect(id(checkDateOfBirth('1990-02-29', today))).toBe('profile.date_of_birth_error');
    expect(checkDateOfBirth('1992-02-29', today)).toBeNull();
    expect(id(checkDateOfBirth('1990-02-30', today))).toBe('profile.date_of_birth_error');
    expect(id(checkDateOfBirth('1990-04-31', today))).toBe('profile.date_of_birth_error');
  });
  it('needs the member to be 18 on the day, with min_age in the message', () => {
    expect(checkDateOfBirth('2007-06-15', today)).toBeNull();
    const young = checkDateOfBirth('2007-06-16', today);
    expect(id(young)).toBe('profile.date_of_birth_error');
    expect(young?.values).toEqual({ min_age: 18 });
  });
  it('counts the UTC date, as the API does, around midnight', () => {
    // 23:30 on 15 June in Los Angeles is 16 June in UTC: born 16 June 2007 is 18 then.
    expect(checkDateOfBirth('2007-06-16', new Date('2025-06-15T23:30:00-07:00'))).toBeNull();
    // 00:30 on 16 June in Amsterdam is still 15 June in UTC: not yet 18.
    expect(id(checkDateOfBirth('2007-06-16', new Date('2025-06-16T00:30:00+02:00')))).toBe('profile.date_of_birth_error');
  });
  it('accepts ages up to the maximum of 100', () => {
    expect(checkDateOfBirth('1925-06-15', today)).toBeNull();
    expect(id(checkDateOfBirth('1924-06-14', today))).toBe('profile.date_of_birth_error');
  });
});
