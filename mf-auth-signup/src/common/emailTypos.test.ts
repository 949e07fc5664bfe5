import { editDistance, suggestEmail } from './emailTypos';

describe('email typo suggestions', () => {
  it('measures edit distance', () => {
    expect(editDistance('gmail.com', 'gmail.com')).toBe(0);
    expect(editDistance('gmial.com', 'gmail.com')).toBe(2);
    expect(editDistance('hotmal.com', 'hotmail.com')).toBe(1);
  });
  it.each([
    ['anna@gmial.com', 'anna@gmail.com'],
    ['anna@hotmal.com', 'anna@hotmail.com'],
    ['anna@zigo.nl', 'anna@ziggo.nl'],
    ['anna@telenet.b', 'anna@telenet.be'],
    ['anna@telnet.be', 'anna@telenet.be'],
    ['anna@skynet.bee', 'anna@skynet.be'],
    ['anna@kpnmial.nl', 'anna@kpnmail.nl'],
    ['anna@xs4al.nl', 'anna@xs4all.nl'],
  ])('suggests a correction for %s', (typed, expected) => {
    expect(suggestEmail(typed)).toBe(expected);
  });
  it('leaves known providers and far-off domains alone', () => {
    expect(suggestEmail('anna@gmail.com')).toBeNull();
    expect(suggestEmail('anna@telenet.be')).toBeNull();
    expect(suggestEmail('anna@mycompany-mail.org')).toBeNull();
    expect(suggestEmail('anna')).toBeNull();
  });
  it('picks the closest provider', () => {
    expect(suggestEmail('anna@hotmail.nk')).toBe('anna@hotmail.nl');
  });
});
