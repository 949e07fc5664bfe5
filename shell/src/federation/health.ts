// What this page saw of its remotes, told to the API (POST /api/remote_report.php), so that the
// back office shows each version's error rate side by side while a canary runs
// (docs/sites-remotes.md). Failures (a remote that did not load, a view that threw) are always
// told; successful loads only of remotes in a canary (both sides), so that a site without one
// costs no call per page. Events wait a moment and go as one call; a report that fails is dropped.
import type { RemoteName, RemoteReport } from '@dating/shared';
import { inCanary, onRemoteLoad, registeredUrl } from './remotes';

export type RemoteOutcome = RemoteReport['events'][number]['outcome'];

/** Events of a page load go together: the remotes of a route load within this. */
export const REPORT_DELAY_MS = 2_000;
/** At most this many calls per page (the API limits each address too). */
const MAX_REPORTS = 10;

let send: ((report: RemoteReport) => Promise<unknown>) | null = null;
const pending = new Map<string, RemoteReport['events'][number]>();
let timer: ReturnType<typeof setTimeout> | null = null;
let sent = 0;

export function initRemoteHealth(report: (report: RemoteReport) => Promise<unknown>): void {
  send = report;
  onRemoteLoad(noteRemote);
}

function flush(): void {
  timer = null;
  const events = [...pending.values()].slice(0, 20);
  pending.clear();
  if (!send || !events.length || sent >= MAX_REPORTS) return;
  sent++;
  void send({ events }).catch(() => {});
}

/** One outcome of a remote as registered now (its manifest URL names the version). */
export function noteRemote(remote: RemoteName, outcome: RemoteOutcome): void {
  const url = registeredUrl(remote);
  if (!url || !send || (outcome === 'loaded' && !inCanary(remote))) return;
  const key = `${remote} ${url} ${outcome}`;
  const event = pending.get(key);
  if (event) event.count = Math.min((event.count ?? 1) + 1, 100);
  else pending.set(key, { remote, url, outcome, count: 1 });
  timer ??= setTimeout(flush, REPORT_DELAY_MS);
}

/** For tests: forget what was queued and sent. */
export function resetRemoteHealth(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  pending.clear();
  sent = 0;
  send = null;
  onRemoteLoad(null);
}
