import { useIntl } from 'react-intl';
import { PhotoReel } from '../../common/PhotoReel';
import { SignupBox } from '../../common/SignupBox';
import { m } from '../messages';
import type { TemplateProps } from './types';
import styles from './Transitions.module.css';

/** transitionsvideolanding: member photos one after another, with cross-fades and slow zoom, and their names. */
export function TransitionsTemplate({ data }: TemplateProps) {
  const intl = useIntl();
  const { campaign } = data;
  return (
    <div className={styles.page} data-template="transitionsvideolanding">
      <div className={styles.stage}>
        <PhotoReel members={data.members} captions className={styles.reel} sizes="(min-width: 60rem) 50vw, 100vw" />
      </div>
      <div className={styles.panel}>
        <h1>{campaign.headline}</h1>
        <p>{campaign.text}</p>
        <p className={styles.count}>{intl.formatMessage(m.membersCount, { count: data.member_count })}</p>
        <SignupBox />
      </div>
    </div>
  );
}
