// The server's side of a fragment (shell/src/serverRender.tsx); the browser hydrates it
// (HydratedFragment.tsx).
import type { FragmentOutletProps } from './FragmentOutlet';
import styles from './remote.module.css';

/** The fragment's markup as a server renders it: the same section and element FragmentOutlet makes. */
export function ServerFragmentMarkup({ remote, expose, label, html }: Omit<FragmentOutletProps, 'options'> & { html: string }) {
  return (
    <section aria-label={label} className={styles.fragment} data-fragment={`${remote}/${expose}`} data-mounting="">
      <div className={styles.remote} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
