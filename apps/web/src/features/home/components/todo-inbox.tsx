import type { BadgeCounts, UserInfo } from '@crm/domain/api/auth';
import { monthDay } from '@crm/domain/ownership';
import { inboxItems, type HomeCard } from '@crm/domain/roles';
import { Badge } from 'antd-mobile';
import { Link } from 'react-router';
import type { HomeTexts } from '../texts.ts';

/**
 * The to-do inbox, first on the home page: every queue waiting on the person with its count, a tap from
 * its list. Derived from the cards' badges (inboxItems), so the inbox and the badges never disagree.
 */
export function TodoInbox({
  cards,
  counts,
  nearPool = [],
  texts,
}: {
  cards: HomeCard[];
  counts: BadgeCounts;
  /** The person's own cases about to go back to the pool (decision 066): one line each, a tap to the case. */
  nearPool?: UserInfo['near_pool'];
  texts: HomeTexts;
}) {
  const items = inboxItems(cards, counts);
  if (items.length === 0 && nearPool.length === 0) return null;
  return (
    <section className="home-card home-inbox" aria-label={texts.inboxTitle}>
      <h2 className="home-card__title">{texts.inboxTitle}</h2>
      <ul className="home-inbox__items">
        {items.map((item) => (
          <li key={item.badge}>
            <Link className="home-inbox__item" to={item.path}>
              <span>{texts.inbox[item.badge]}</span>
              <Badge content={item.count} />
            </Link>
          </li>
        ))}
        {nearPool.map((c) => (
          <li key={`pool-${c.id}`}>
            <Link className="home-inbox__item home-inbox__item--warn" to={`/business/detail/${c.id}`}>
              <span>{texts.nearPool(c.name, monthDay(c.due_at))}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
