// Developer pages (spec §2: /_dev/dialogs, /_dev/top-nav, /_dev/activate-reminder). Development
// builds only: the router imports this file behind process.env.NODE_ENV, so production builds
// neither contain it nor route to it (they redirect /_dev/* to /).
import * as React from 'react';
import { useAtomValue } from 'jotai';
import { userAtom } from '@dating/shared';
import { Notice } from '@dating/shared/ui';
import { useShell } from '../context';
import { pathFor } from '../routing/paths';

function Dialogs() {
  const { services } = useShell();
  const [result, setResult] = React.useState('');
  const tooltip = React.useCallback((el: HTMLButtonElement | null) => (el ? services.popover(el, { content: 'A tooltip (100 ms in, 300 ms out)' }) : undefined), [services]);
  const popover = React.useCallback(
    (el: HTMLButtonElement | null) => (el ? services.popover(el, { kind: 'popover', title: 'Popover', content: 'Opens on click, closes on Escape or a click elsewhere.' }) : undefined),
    [services],
  );
  return (
    <section>
      <h1>Dialogs</h1>
      <p>The shell services remotes call through the contract.</p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}>
        <button type="button" onClick={async () => setResult(String(await services.modal.open({ title: 'Structured content', body: [{ type: 'heading', text: 'A heading' }, { type: 'paragraph', text: 'A paragraph.' }, { type: 'list', items: ['One', 'Two'] }, { type: 'link', text: 'Terms', href: pathFor({ name: 'pages-terms' }) }], actions: [{ id: 'yes', label: 'Yes', variant: 'primary' }, { id: 'no', label: 'No' }] })))}>
          Modal
        </button>
        <button type="button" onClick={async () => setResult(String(await services.modal.confirm({ title: 'Delete?', message: 'This cannot be undone.', danger: true })))}>Confirm</button>
        <button type="button" onClick={async () => { await services.modal.alert({ title: 'Error', message: 'Cannot start chat, try again later or contact customer support' }); setResult('alert closed'); }}>Alert</button>
        {(['info', 'success', 'warning', 'danger'] as const).map((variant) => (
          <button key={variant} type="button" onClick={() => services.toast({ variant, title: variant, message: `A ${variant} toast` })}>Toast {variant}</button>
        ))}
        <button ref={tooltip} type="button">Tooltip</button>
        <button ref={popover} type="button">Popover</button>
      </div>
      <output>{result}</output>
    </section>
  );
}

function TopNav() {
  const { settings } = useShell();
  const user = useAtomValue(userAtom);
  return (
    <section>
      <h1>Top navigation</h1>
      <p>The header above, for template <code>{settings.flags.templateName}</code>, {user ? 'logged in' : 'logged out'}.</p>
      <ul>
        {Object.entries(settings.flags).map(([flag, on]) => (
          <li key={flag}>
            <code>{flag}</code>: {String(on)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ActivateReminder() {
  const user = useAtomValue(userAtom);
  return (
    <section>
      <h1>Activation reminder</h1>
      <Notice>
        Check {user?.email ?? 'your inbox'} for the activation mail and click its link to start chatting.
      </Notice>
    </section>
  );
}

export default function DevPages({ page }: { page: string }) {
  if (page === 'dialogs') return <Dialogs />;
  if (page === 'top-nav') return <TopNav />;
  if (page === 'activate-reminder') return <ActivateReminder />;
  return (
    <section>
      <h1>Developer pages</h1>
      <ul>
        <li><a href="/_dev/dialogs">dialogs</a></li>
        <li><a href="/_dev/top-nav">top-nav</a></li>
        <li><a href="/_dev/activate-reminder">activate-reminder</a></li>
      </ul>
    </section>
  );
}
