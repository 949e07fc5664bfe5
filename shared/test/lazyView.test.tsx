import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { lazyView } from '../src/ui/lazyView';

class Boundary extends React.Component<{ children: React.ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p role="alert">This part of the page could not be loaded</p> : this.props.children;
  }
}

function renderView(View: React.ComponentType) {
  return render(
    <IntlProvider locale="en" defaultLocale="en">
      <Boundary>
        <View />
      </Boundary>
    </IntlProvider>,
  );
}

const Faq = () => <h1>Frequently asked questions</h1>;

describe('lazyView', () => {
  it('shows the loading status, then the view', async () => {
    renderView(lazyView(async () => Faq));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
  });

  it("asks again for a view whose code failed once (a chunk lost on the way), and shows it", async () => {
    const load = jest.fn<Promise<React.ComponentType>, []>().mockRejectedValueOnce(new Error('Loading chunk view-page-faq failed.')).mockResolvedValue(Faq);
    renderView(lazyView(load));
    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' }, { timeout: 3000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives up after the retry: the error reaches the fallback instead of a spinner forever', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const load = jest.fn<Promise<React.ComponentType>, []>().mockRejectedValue(new Error('offline'));
    renderView(lazyView(load));
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('could not be loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
