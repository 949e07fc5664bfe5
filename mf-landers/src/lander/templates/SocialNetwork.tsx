import { useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';
import { ABOVE_THE_FOLD, MemberTile } from '../../common/MemberTile';
import { SignupBox } from '../../common/SignupBox';
import { m } from '../messages';
import type { TemplateProps } from './types';
import styles from './SocialNetwork.module.css';

/** socialnetwork: a feed of what members wrote on their public profiles. */
export function SocialNetworkTemplate({ data }: TemplateProps) {
  const intl = useIntl();
  const { settings } = useRemote();
  const { campaign } = data;
  const posts = [...data.members].sort((a, b) => Number(!!b.personal.trim()) - Number(!!a.personal.trim())).slice(0, 10);
  return (
    <div className={styles.page} data-template="socialnetwork">
      <header className={styles.header}>
        <h1>{campaign.headline}</h1>
        <p>{campaign.text}</p>
      </header>
      <div className={styles.layout}>
        <section aria-labelledby="feed-title" className={styles.feedColumn}>
          <h2 id="feed-title" className={styles.feedTitle}>{intl.formatMessage(m.socialTitle)}</h2>
          {posts.length ? (
            <ol className={styles.feed}>
              {posts.map((p, i) => (
                <li key={p.id}>
                  <article className={styles.post}>
                    <div className={styles.avatar}>
                      <MemberTile member={p} variant="round" priority={i < ABOVE_THE_FOLD} />
                    </div>
                    <div className={styles.body}>
                      <h3>
                        {p.name} <span>{[p.age, p.city].filter(Boolean).join(', ')}</span>
                      </h3>
                      <p>{p.personal.trim() || intl.formatMessage(m.socialNoNote, { site: settings.theme.brandName })}</p>
                      <a href="#signup" className={styles.reply}>
                        {intl.formatMessage(m.socialLike, { name: p.name })}
                      </a>
                    </div>
                  </article>
                </li>
              ))}
            </ol>
          ) : (
            <p>{intl.formatMessage(m.empty)}</p>
          )}
        </section>
        <div id="signup" className={styles.signup}>
          <SignupBox />
        </div>
      </div>
    </div>
  );
}
