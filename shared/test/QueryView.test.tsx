import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { ApiError } from '../src/api/client';
import { createQueryClient, shouldRetry } from '../src/query';
import { QueryView } from '../src/ui/QueryView';
import nl from '../src/ui/i18n/nl.json';

function Names({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['names'], queryFn: load });
  return (
    <QueryView query={query} isEmpty={(d) => d.length === 0} empty={<p>No names yet — invite someone.</p>}>
      {(names) => (
        <ul>
          {names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function renderNames(load: () => Promise<string[]>, messages: Record<string, string> = {}, locale = 'en') {
  return render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <IntlProvider locale={locale} defaultLocale="en" messages={messages}>
        <Names load={load} />
      </IntlProvider>
    </QueryClientProvider>,
  );
}

describe('QueryView: the one loading / empty / error presentation', () => {
  it('announces loading, then shows the data', async () => {
    let resolve!: (v: string[]) => void;
    renderNames(() => new Promise((r) => (resolve = r)));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    resolve(['Anna', 'Bram']);
    expect(await screen.findByText('Bram')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows its empty state when there is nothing', async () => {
    renderNames(async () => []);
    expect(await screen.findByText('No names yet — invite someone.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows an alert with Try again, which loads again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce(['Chris']);
    renderNames(load);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chris')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says a missing thing is not found, not a connection problem, and offers no pointless Try again', async () => {
    renderNames(() => Promise.reject(new ApiError(404, 'Not found')));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This does not exist, or it is no longer here.');
    expect(alert).not.toHaveTextContent(/connection/);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('treats a bad id (400) as not found, in the page language', async () => {
    renderNames(() => Promise.reject(new ApiError(400, 'Invalid id', 'validation', 'id')), nl, 'nl');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit bestaat niet of is er niet meer.');
  });

  it('asks a visitor to log in when the answer is 401', async () => {
    renderNames(() => Promise.reject(new ApiError(401, 'Log in')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Log in to see this.');
  });

  it('asks a visitor to log in when a 403 says login_required (a site that shows this to members only), but not for other 403s', async () => {
    const { unmount } = renderNames(() => Promise.reject(new ApiError(403, 'Log in to see profiles', 'login_required')));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Log in to see this.');
    expect(alert).not.toHaveTextContent(/connection|not allowed/);
    unmount();
    renderNames(() => Promise.reject(new ApiError(403, 'Blocked', 'forbidden')));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to see this.');
  });

  it('speaks the page language', async () => {
    renderNames(() => Promise.reject(new Error('x')), nl, 'nl');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit kon niet worden geladen');
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});

describe('retry policy', () => {
  it('retries a network failure twice but never a 4xx answer', () => {
    expect(shouldRetry(0, new Error('fetch failed'))).toBe(true);
    expect(shouldRetry(2, new Error('fetch failed'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'Unavailable'))).toBe(true);
  });
});
