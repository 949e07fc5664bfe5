import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { localeAtom, queryKeys, userAtom, type SiteSettings } from '@dating/shared';
import { member, siteSettings } from '@dating/shared/testing';
import { AMORA, VELVET, VELVET_CLUB, type SiteSeed } from '../../../api/src/seed/sites';
import { renderWithShell, testShell } from '../testing/testShell';
import { Layout } from './Layout';

/** The settings a site's seed gives (as settings.php answers them). */
function settingsOf(seed: SiteSeed): SiteSettings {
  const base = siteSettings();
  return {
    settings: { ...base.settings, name: seed.name, domain_language: seed.domainLanguage, languages: seed.languages, signups: seed.signups },
    flags: { ...seed.flags, templateName: seed.templateName },
    theme: seed.theme,
    company: seed.company,
  };
}

function renderLayout(settings: SiteSettings, loggedIn: boolean, path = '/') {
  const shell = testShell({ settings });
  shell.queryClient.setQueryData(queryKeys.user(), loggedIn ? member() : null);
  const router = createMemoryRouter([{ path: '*', element: <Layout layout="default"><p>content</p></Layout> }], { initialEntries: [path] });
  renderWithShell(<RouterProvider router={router} />, shell);
  return shell;
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const navLinks = () => within(nav()).getAllByRole('link').map((a) => a.textContent);

describe('feature flags per template', () => {
  it('amora: a member sees every feature in the navigation', () => {
    renderLayout(settingsOf(AMORA), true);
    expect(navLinks()).toEqual(['Home', 'Search', 'Likes', 'Chats', 'Notifications', 'Premium', 'My profile']);
  });

  it('velvet: notifications are off, so the navigation has no Notifications', () => {
    renderLayout(settingsOf(VELVET), true);
    expect(navLinks()).toEqual(['Home', 'Search', 'Likes', 'Chats', 'Premium', 'My profile']);
  });

  it('the two templates differ in name, company, languages and colours', () => {
    renderLayout(settingsOf(AMORA), false);
    expect(screen.getByRole('link', { name: /Amora/ })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Amora Online B.V.');
    expect(within(screen.getByLabelText('Language')).getAllByRole('option')).toHaveLength(7);
    document.body.innerHTML = '';
    renderLayout(settingsOf(VELVET), false);
    expect(screen.getByRole('link', { name: /Velvet/ })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Velvet Media GmbH');
    expect(within(screen.getByLabelText('Language')).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['nl', 'en', 'de', 'fr']);
  });

  it.each([
    ['chat', 'Chats'],
    ['myProfile', 'My profile'],
    ['profileSearch', 'Search'],
  ] as const)('%s off removes %s from the navigation', (flag, label) => {
    renderLayout({ ...settingsOf(AMORA), flags: { ...settingsOf(AMORA).flags, [flag]: false } }, true);
    expect(navLinks()).not.toContain(label);
  });

  it('signup off removes "Sign up free" for visitors', () => {
    renderLayout({ ...settingsOf(AMORA), flags: { ...settingsOf(AMORA).flags, signup: false } }, false);
    expect(navLinks()).toEqual(['Home', 'Search', 'Premium', 'Log in']);
  });

  it('navigation off leaves no navigation; footer off no footer', () => {
    renderLayout({ ...settingsOf(AMORA), flags: { ...settingsOf(AMORA).flags, navigation: false, footer: false } }, true);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});

describe('the header', () => {
  it('shows unread messages and new likes on Chats and Likes', () => {
    const shell = renderLayout(settingsOf(AMORA), true);
    const profile = { id: 1, name: 'Bo', age: 30, gender: 'male' as const, city: null, country: 'NL', countryregion: null, language: 'nl' as const, main_image: null, images: [], personal: '', fictional: false, liked: false };
    act(() => {
      shell.queryClient.setQueryData(queryKeys.chats(), [{ conversation: { id: 1, last_message: null, last_message_at: null }, profile, num_unread_messages: 3 }]);
      shell.queryClient.setQueryData(queryKeys.likes(), { profiles: [], liked_by: [{ ...profile, like_new: true }] });
    });
    expect(within(nav()).getByRole('link', { name: 'Chats (3 unread messages)' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Likes (1 new like)' })).toBeInTheDocument();
  });

  it('switching language sets the locale and the 365-day cookie', async () => {
    const shell = renderLayout(settingsOf(AMORA), false);
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de');
    expect(shell.store.get(localeAtom)).toBe('de');
    expect(document.cookie).toContain('locale=de');
  });

  it('logging out clears the member', async () => {
    const shell = renderLayout(settingsOf(AMORA), true);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(shell.mock.logout).toHaveBeenCalled();
    expect(shell.store.get(userAtom)).toBeNull();
  });
});

describe('on phones', () => {
  const tabs = () => screen.getByRole('navigation', { name: 'Sections' });

  it('a member gets a tab bar with Search, Likes, Chats, Alerts and Profile, and its live badges', () => {
    const shell = renderLayout(settingsOf(AMORA), true);
    expect(within(tabs()).getAllByRole('link').map((a) => a.textContent)).toEqual(['Search', 'Likes', 'Chats', 'Alerts', 'Profile']);
    const profile = { id: 1, name: 'Bo', age: 30, gender: 'male' as const, city: null, country: 'NL', countryregion: null, language: 'nl' as const, main_image: null, images: [], personal: '', fictional: false, liked: false };
    act(() => shell.queryClient.setQueryData(queryKeys.chats(), [{ conversation: { id: 1, last_message: null, last_message_at: null }, profile, num_unread_messages: 2 }]));
    expect(within(tabs()).getByRole('link', { name: 'Chats (2 unread messages)' })).toBeInTheDocument();
  });

  it('marks the tab of the current page, and none on a page no tab is', () => {
    renderLayout(settingsOf(AMORA), true, '/likes');
    expect(within(tabs()).getByRole('link', { current: 'page' })).toHaveTextContent('Likes');
    document.body.innerHTML = '';
    renderLayout(settingsOf(AMORA), true, '/');
    expect(within(tabs()).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it('flags remove tabs as they remove routes; visitors get no tab bar', () => {
    renderLayout(settingsOf(VELVET), true);
    expect(within(tabs()).getAllByRole('link').map((a) => a.textContent)).toEqual(['Search', 'Likes', 'Chats', 'Profile']);
    document.body.innerHTML = '';
    renderLayout(settingsOf(AMORA), false);
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
  });

  it('the menu opens with what the tab bar has no room for, and Escape closes it back onto its button', async () => {
    renderLayout(settingsOf(AMORA), true);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const more = screen.getByRole('navigation', { name: 'More' });
    expect(within(more).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Premium', 'Credits']);
    expect(within(more).getByRole('link', { name: 'Home' })).toHaveFocus();
    expect(screen.getAllByRole('button', { name: 'Log out' })).toHaveLength(2);
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'More' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("a visitor's menu offers search, log in and sign up", async () => {
    renderLayout(settingsOf(AMORA), false);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(within(screen.getByRole('navigation', { name: 'More' })).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Home', 'Search', 'Premium', 'Log in', 'Sign up free',
    ]);
  });
});

describe('the invite-only site and the company register', () => {
  it('an invite-only site offers its visitors login, not "Sign up free"', () => {
    renderLayout(settingsOf(VELVET_CLUB), false);
    expect(navLinks()).toEqual(['Home', 'Search', 'Premium', 'Log in']);
  });

  it('the footer labels the register number by the company’s country, whatever the language', () => {
    const shell = renderLayout(settingsOf(AMORA), false);
    act(() => shell.store.set(localeAtom, 'pl'));
    expect(screen.getByRole('contentinfo')).toHaveTextContent('KvK 81234567');
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent('KRS');
  });

  it('a German company’s HRB number is labelled Handelsregister', () => {
    renderLayout(settingsOf(VELVET), false);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Handelsregister HRB 219876 B');
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent('Chamber of Commerce');
  });
});
