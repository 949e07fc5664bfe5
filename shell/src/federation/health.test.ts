import type { RemoteReport } from '@dating/shared';
import { initRemoteHealth, noteRemote, REPORT_DELAY_MS, resetRemoteHealth } from './health';
import { registerRegistry } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn(), getInstance: jest.fn() }));

const LANDERS_V2 = 'http://localhost:8087/mf-manifest.json';
const CHAT = 'http://localhost:8083/mf-manifest.json';

describe('what the shell tells the API of its remotes', () => {
  let reports: RemoteReport[];
  beforeEach(() => {
    jest.useFakeTimers();
    reports = [];
    resetRemoteHealth();
    initRemoteHealth(async (r) => reports.push(r));
  });
  afterEach(() => jest.useRealTimers());

  it('reports loads of a remote in a canary with the version this visitor got, and failures of any remote, together after a moment', () => {
    registerRegistry({ mf_landers: LANDERS_V2, mf_chat: CHAT }, { mf_landers: 'canary' });
    noteRemote('mf_landers', 'loaded');
    noteRemote('mf_chat', 'loaded');
    noteRemote('mf_chat', 'load_failed');
    noteRemote('mf_landers', 'view_error');
    noteRemote('mf_landers', 'view_error');
    expect(reports).toEqual([]);
    jest.advanceTimersByTime(REPORT_DELAY_MS);
    expect(reports).toEqual([
      {
        events: [
          { remote: 'mf_landers', url: LANDERS_V2, outcome: 'loaded', count: 1 },
          { remote: 'mf_chat', url: CHAT, outcome: 'load_failed', count: 1 },
          { remote: 'mf_landers', url: LANDERS_V2, outcome: 'view_error', count: 2 },
        ],
      },
    ]);
  });

  it('a site without a canary makes no call on a page whose remotes load', () => {
    registerRegistry({ mf_chat: CHAT });
    noteRemote('mf_chat', 'loaded');
    jest.advanceTimersByTime(REPORT_DELAY_MS * 2);
    expect(reports).toEqual([]);
  });
});
