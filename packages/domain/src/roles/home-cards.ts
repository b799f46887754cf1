import { JOB, SEX } from './roles.ts';

/** Which counter a tile shows a badge for; the web fetches the counts. */
export type BadgeKey =
  'pending' | 'service' | 'remind' | 'exam' | 'appeal' | 'sign' | 'reject' | 'proof' | 'confirm' | 'audit';

export type CardKey = 'rebate' | 'instalment' | 'house' | 'exam' | 'team' | 'sign';

/**
 * Keys of the tiles whose label does not depend on data, so the web can map every one of them to a
 * label (`Record<StaticTileKey, string>`) and the compiler tells it when one is added. Signer tiles are
 * the exception: their key is `signer-{id}` and their label is the person's `name`.
 */
export const STATIC_TILE_KEYS = [
  'rebateOrder',
  'pending',
  'list',
  'add',
  'reject',
  'proof',
  'ysb',
  'service',
  'stat',
  'fairSignin',
  'activity',
  'esign',
  'house',
  'houseAdd',
  'houseChannel',
  'houseBrokerageUser',
  'houseRecommendList',
  'houseBrokerage',
  'houseBrokerageOrder',
  'financeAudit',
  'houseSign',
  'housePhoto',
  'houseSignCard',
  'examCenter',
  'examList',
  'teamList',
  'teamAppeal',
  'teamMoneyConfirm',
  'teamYsb',
  'teamHouse',
  'teamHouseChannel',
  'teamHousePhoto',
  'signCenter',
  'signMine',
  'signReject',
  'match',
  'pool',
  'clawback',
  'statement',
] as const;

export type StaticTileKey = (typeof STATIC_TILE_KEYS)[number];

/**
 * One entry on the home page. `key` is unique across the whole page (a stable identifier, not a label);
 * `name` and `icon` are set only on signer tiles.
 */
export type HomeTile = {
  key: string;
  path: string;
  badge?: BadgeKey;
  icon?: 'male' | 'female';
  name?: string;
};

export type HomeCard = { key: CardKey; tiles: HomeTile[] };

export type HomeUser = {
  id: number;
  job: readonly number[];
  isLeader: boolean;
  /** Whether the company granted this user the approval of rejected signings (the spec's "value 29"). */
  isRejectApprover: boolean;
  /** `sex` as stored: 2 shows the female icon, anything else the male one. */
  signerList: readonly { id: number; name: string; sex: number }[];
};

/** Key of the tile that opens one signer's task list. */
export const signerTileKey = (signerId: number): string => `signer-${signerId}`;

const tile = (key: StaticTileKey, path: string, badge?: BadgeKey): HomeTile =>
  badge === undefined ? { key, path } : { key, path, badge };

/**
 * Drops tiles leading where an earlier one already does: the signer list may repeat a person or hold
 * the user themself, whose list is already the "my tasks" tile.
 */
function withoutRepeatedPaths(tiles: HomeTile[]): HomeTile[] {
  const seen = new Set<string>();
  const kept: HomeTile[] = [];
  for (const entry of tiles) {
    if (seen.has(entry.path)) continue;
    seen.add(entry.path);
    kept.push(entry);
  }
  return kept;
}

/**
 * The cards and tiles of the home page for this user (spec §2 "Home cards"), in display order.
 *
 * A rebate-only user (job 6) sees nothing but the rebate order entry, whatever else they hold. Everyone
 * else gets the instalment, house and exam cards, the team card when they lead a team and the signing
 * card when they sign; job-specific tiles join their card, so a user with several jobs sees the union
 * in the spec's order, each tile once.
 */
export function homeCards(user: HomeUser): HomeCard[] {
  const has = (job: number): boolean => user.job.includes(job);

  if (has(JOB.REBATE_ONLY)) {
    return [{ key: 'rebate', tiles: [tile('rebateOrder', '/business/houseBrokerageOrder')] }];
  }

  const cards: HomeCard[] = [
    {
      key: 'instalment',
      tiles: [
        tile('pending', '/business/pending', 'pending'),
        tile('list', '/business/list'),
        tile('add', '/business/add'),
        tile('reject', '/business/reject'),
        tile('proof', '/business/proof', 'proof'),
        tile('ysb', '/business/ysb'),
        ...(has(JOB.SERVICE) ? [tile('service', '/business/service', 'service')] : []),
        tile('stat', '/business/stat'),
        // Not a tile of the spec's card: the staff's check-in at a fair (decision 051).
        tile('fairSignin', '/business/signin'),
        // Not a tile of the spec's card: the marketing activities' lists and redemption (decision 056).
        tile('activity', '/business/activity'),
        // Not a tile of the spec's card: a salesperson's e-sign orders (decision 054).
        tile('esign', '/interface/esign/list'),
        // Not a tile of the spec's card: which products fit a client, and what they cost (decision 068).
        tile('match', '/business/match'),
        // Not a tile of the spec's card: the company's public pool of customers (公海, decision 066).
        tile('pool', '/business/pool'),
      ],
    },
    {
      key: 'house',
      tiles: [
        tile('house', '/business/house'),
        tile('houseAdd', '/business/houseAdd'),
        tile('houseChannel', '/business/houseChannel'),
        tile('houseBrokerageUser', '/business/houseBrokerageUser'),
        tile('houseRecommendList', '/business/houseRecommendList'),
        ...(has(JOB.HOUSE_FINANCE)
          ? [
              tile('houseBrokerage', '/business/houseBrokerage'),
              tile('houseBrokerageOrder', '/business/houseBrokerageOrder'),
              tile('financeAudit', '/business/financeAudit', 'audit'),
              // Not tiles of the spec's card: the commission ledger's claw-backs and statements (decision 067).
              tile('clawback', '/business/clawback'),
              tile('statement', '/business/statement'),
            ]
          : []),
        ...(has(JOB.HOUSE_STEWARD)
          ? [
              tile('houseSign', '/business/houseSign', 'remind'),
              tile('housePhoto', '/business/housePhoto'),
              tile('houseSignCard', '/business/houseSignCard'),
            ]
          : []),
      ],
    },
    {
      key: 'exam',
      tiles: [tile('examCenter', '/exam/center', 'exam'), tile('examList', '/exam/list')],
    },
  ];

  if (user.isLeader) {
    cards.push({
      key: 'team',
      tiles: [
        tile('teamList', '/team/list'),
        tile('teamAppeal', '/team/appeal', 'appeal'),
        // Not in the spec's card: the leader's repayments to confirm (issue 9), with its badge.
        tile('teamMoneyConfirm', '/business/moneyConfirm', 'confirm'),
        tile('teamYsb', '/team/ysb'),
        tile('teamHouse', '/team/house'),
        ...(has(JOB.HOUSE_FINANCE)
          ? [tile('teamHouseChannel', '/team/houseChannel'), tile('teamHousePhoto', '/business/housePhoto')]
          : []),
      ],
    });
  }

  if (has(JOB.SIGNING)) {
    cards.push({
      key: 'sign',
      tiles: withoutRepeatedPaths([
        tile('signCenter', `/sign/list/${user.id}/1`, 'sign'),
        tile('signMine', `/sign/list/${user.id}/2`),
        ...(user.isRejectApprover ? [tile('signReject', '/sign/reject', 'reject')] : []),
        ...user.signerList.map((signer): HomeTile => ({
          key: signerTileKey(signer.id),
          path: `/sign/list/${signer.id}/2`,
          icon: signer.sex === SEX.FEMALE ? 'female' : 'male',
          name: signer.name,
        })),
      ]),
    });
  }

  return cards;
}

/**
 * The to-do inbox's order: what someone is waiting on first (a client to call, a colleague's repayment to
 * confirm, a proof to redo), then the queues of a role.
 */
export const INBOX_ORDER: readonly BadgeKey[] = [
  'pending',
  'confirm',
  'proof',
  'appeal',
  'audit',
  'sign',
  'reject',
  'remind',
  'service',
  'exam',
];

export type InboxItem = { badge: BadgeKey; path: string; count: number };

/**
 * The home page's to-do inbox, derived from the same tiles and counts as the badges (one place for both):
 * each badge the person's cards carry with a count above zero, once, leading to its tile's list.
 */
export function inboxItems(cards: readonly HomeCard[], counts: Readonly<Record<BadgeKey, number>>): InboxItem[] {
  const pathOf = new Map<BadgeKey, string>();
  for (const card of cards)
    for (const entry of card.tiles) if (entry.badge && !pathOf.has(entry.badge)) pathOf.set(entry.badge, entry.path);
  return INBOX_ORDER.flatMap((badge) => {
    const path = pathOf.get(badge);
    const count = counts[badge];
    return path !== undefined && count > 0 ? [{ badge, path, count }] : [];
  });
}
