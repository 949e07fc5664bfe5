import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { carryInput, holdPrerendered, isBusy, LIVE_ROOT_ID, releasePrerendered, releaseStartupHints, SETTLED_ATTRIBUTE, STARTUP_HINTS_ID, whenSettled } from './takeover';

function page(prerendered: boolean) {
  document.documentElement.removeAttribute(SETTLED_ATTRIBUTE);
  document.body.innerHTML = prerendered
    ? '<div id="root" data-prerendered=""><main><h1>Fall in love this summer</h1></main></div>'
    : '<div id="root"></div>';
}

describe('taking over a prerendered page', () => {
  it('renders into #root itself when the page was not prerendered', () => {
    page(false);
    expect(holdPrerendered()).toBe(document.getElementById('root'));
    expect(document.getElementById(LIVE_ROOT_ID)).toBeNull();
  });

  it('keeps the prerendered page on screen, inert, while the client renders hidden beside it', () => {
    page(true);
    const live = holdPrerendered();
    expect(live.id).toBe(LIVE_ROOT_ID);
    expect(live.style.visibility).toBe('hidden');
    expect(document.getElementById('root')!.inert).toBe(true);
    expect(document.querySelector('h1')).toHaveTextContent('Fall in love this summer');
    // Called twice (index.ts, then bootstrap): the same element.
    expect(holdPrerendered()).toBe(live);
  });

  it('swaps the two in one step once the first view has settled', async () => {
    page(true);
    const live = holdPrerendered();
    let idle = false;
    const settled = whenSettled(live, () => idle, { quietMs: 10, maxMs: 5_000 });
    live.innerHTML = '<main><div aria-busy="true">Loading…</div></main>';
    await new Promise((r) => setTimeout(r, 40));
    expect(isBusy(live)).toBe(true);
    live.innerHTML = '<main><h1>Fall in love this summer</h1></main>';
    await new Promise((r) => setTimeout(r, 40));
    // Still fetching: the prerendered page stays.
    expect(document.querySelector('[data-prerendered]')).not.toBeNull();
    idle = true;
    await settled;
    releasePrerendered();
    expect(document.querySelector('[data-prerendered]')).toBeNull();
    expect(document.querySelectorAll('#root')).toHaveLength(1);
    expect(document.getElementById('root')).toBe(live);
    expect(live.getAttribute('style')).toBeNull();
    expect(document.documentElement.hasAttribute(SETTLED_ATTRIBUTE)).toBe(true);
  });

  it('a view still being mounted counts as loading', () => {
    const el = document.createElement('div');
    el.innerHTML = '<main></main><span hidden data-mounting=""></span>';
    expect(isBusy(el)).toBe(true);
    expect(isBusy(document.createElement('div'))).toBe(true);
  });

  it('holds the start-up hints (fetching nothing) until the app starts, then lets them fetch from <head>', () => {
    document.head.innerHTML = `<template id="${STARTUP_HINTS_ID}"><link rel="preload" href="/main-chunk.js" as="script"><link rel="preload" href="http://localhost:8086/remoteEntry.js" as="script"></template>`;
    // Inside the template the links are not part of the document: the browser fetches nothing.
    expect(document.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
    releaseStartupHints();
    expect([...document.head.querySelectorAll('link[rel="preload"]')].map((l) => l.getAttribute('href'))).toEqual([
      '/main-chunk.js',
      'http://localhost:8086/remoteEntry.js',
    ]);
    expect(document.getElementById(STARTUP_HINTS_ID)).toBeNull();
    // A page without held hints (not prerendered): nothing happens.
    expect(() => releaseStartupHints()).not.toThrow();
    document.head.innerHTML = '';
  });

  it('what the visitor typed into the prerendered form before the app started is in the app’s form after the swap', async () => {
    function SignupForm() {
      const [email, setEmail] = React.useState('');
      const [name, setName] = React.useState('');
      return (
        <form aria-label="Sign up">
          <label>
            Email address
            <input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            Name
            <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <p>{email ? `Signing up as ${email}` : 'No address yet'}</p>
        </form>
      );
    }
    const prerendered = document.createElement('div');
    prerendered.innerHTML = '<form><input name="email" type="email" value=""><input name="name" value=""><input name="remember" type="checkbox"></form>';
    const user = userEvent.setup();
    document.body.append(prerendered);
    await user.type(prerendered.querySelector('input[name="email"]')!, 'lena@example.com');
    const { container } = render(<SignupForm />);
    carryInput(prerendered, container);
    prerendered.remove();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('lena@example.com');
    // The app saw it as input (its own state changed), and an untouched field stays empty.
    expect(screen.getByText('Signing up as lena@example.com')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('a box the visitor ticked, the field they were in and a form they sent before the app started carry over to the app', async () => {
    const sent: Array<{ email: string; terms: boolean }> = [];
    function SignupForm() {
      const [email, setEmail] = React.useState('');
      const [terms, setTerms] = React.useState(false);
      return (
        <form
          aria-label="Sign up"
          onSubmit={(e) => {
            e.preventDefault();
            sent.push({ email, terms });
          }}
        >
          <label>
            Email address
            <input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            <input name="terms" type="checkbox" value="yes" checked={terms} onChange={(e) => setTerms(e.target.checked)} />I accept the terms
          </label>
          <button type="submit">Sign up</button>
        </form>
      );
    }
    document.documentElement.removeAttribute(SETTLED_ATTRIBUTE);
    document.body.innerHTML =
      '<div id="root" data-prerendered=""><form method="post"><input name="email" type="email" value=""><input name="terms" type="checkbox" value="yes"><button type="submit">Sign up</button></form></div>';
    const user = userEvent.setup();
    await user.type(document.querySelector<HTMLInputElement>('input[name="email"]')!, 'lena@example.com');
    await user.click(document.querySelector<HTMLInputElement>('input[name="terms"]')!);
    await user.click(document.querySelector<HTMLInputElement>('input[name="email"]')!);
    // prerender-start.js held the browser's own submit and noted which form it was.
    document.getElementById('root')!.setAttribute('data-pending-submit', '0');

    const live = holdPrerendered();
    render(<SignupForm />, { container: live });
    // Hidden until the swap (its labels too): looked up by name.
    expect(live.querySelector('input[name="terms"]')).not.toBeChecked();
    React.act(() => releasePrerendered());

    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('lena@example.com');
    expect(screen.getByRole('checkbox', { name: 'I accept the terms' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus();
    // Sent once, by the app, with what the visitor had entered.
    expect(sent).toEqual([{ email: 'lena@example.com', terms: true }]);
  });

  it('nothing is sent or focused at the swap when the visitor neither sent a form nor was in a field', () => {
    const submitted = jest.fn((e: React.FormEvent) => e.preventDefault());
    document.documentElement.removeAttribute(SETTLED_ATTRIBUTE);
    document.body.innerHTML = '<div id="root" data-prerendered=""><form><input name="email" type="email" value=""></form></div>';
    const live = holdPrerendered();
    render(
      <form aria-label="Log in" onSubmit={submitted}>
        <input name="email" type="email" aria-label="Email" />
      </form>,
      { container: live },
    );
    React.act(() => releasePrerendered());
    expect(submitted).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveFocus();
  });
});
