import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INBOX_ORDER,
  STATIC_TILE_KEYS,
  homeCards,
  inboxItems,
  signerTileKey,
  type BadgeKey,
  type HomeCard,
  type HomeUser,
} from './home-cards.ts';

const user = (change: Partial<HomeUser>): HomeUser => ({
  id: 7,
  job: [],
  isLeader: false,
  isRejectApprover: false,
  signerList: [],
  ...change,
});
/** Cards as `[card, tile keys]`, enough to read a table row at a glance. */
const outline = (cards: HomeCard[]): [string, string[]][] =>
  cards.map((card) => [card.key, card.tiles.map((entry) => entry.key)]);

const INSTALMENT = [
  'pending',
  'list',
  'add',
  'reject',
  'proof',
  'ysb',
  'stat',
  'fairSignin',
  'activity',
  'esign',
  'match',
  'pool',
];
/** The instalment card of someone serving clients (job 3): 客户服务 right after 云闪付. */
const INSTALMENT_SERVICE = [...INSTALMENT.slice(0, 6), 'service', ...INSTALMENT.slice(6)];
const HOUSE = ['house', 'houseAdd', 'houseChannel', 'houseBrokerageUser', 'houseRecommendList'];
const HOUSE_FINANCE = ['houseBrokerage', 'houseBrokerageOrder', 'financeAudit', 'clawback', 'statement'];
const HOUSE_STEWARD = ['houseSign', 'housePhoto', 'houseSignCard'];
const EXAM = ['examCenter', 'examList'];
const TEAM = ['teamList', 'teamAppeal', 'teamMoneyConfirm', 'teamYsb', 'teamHouse'];
const TEAM_FINANCE = ['teamHouseChannel', 'teamHousePhoto'];
const SIGN = ['signCenter', 'signMine'];
const REBATE: [string, string[]][] = [['rebate', ['rebateOrder']]];
/** What a staff member with no job sees; most rows add one card to it. */
const NO_JOB: [string, string[]][] = [
  ['instalment', INSTALMENT],
  ['house', HOUSE],
  ['exam', EXAM],
];
/** What a staff member serving clients (job 3) and nothing else sees. */
const SERVICE: [string, string[]][] = [
  ['instalment', INSTALMENT_SERVICE],
  ['house', HOUSE],
  ['exam', EXAM],
];

describe('homeCards', () => {
  it.each<[string, Partial<HomeUser>, [string, string[]][]]>([
    ['no job', {}, NO_JOB],
    ['signing (2)', { job: [2] }, [...NO_JOB, ['sign', SIGN]]],
    ['service (3)', { job: [3] }, SERVICE],
    [
      'house finance (4)',
      { job: [4] },
      [
        ['instalment', INSTALMENT],
        ['house', [...HOUSE, ...HOUSE_FINANCE]],
        ['exam', EXAM],
      ],
    ],
    [
      'house steward (5)',
      { job: [5] },
      [
        ['instalment', INSTALMENT],
        ['house', [...HOUSE, ...HOUSE_STEWARD]],
        ['exam', EXAM],
      ],
    ],
    ['rebate only (6)', { job: [6] }, REBATE],
    ['rebate only with house finance (6, 4), leading a team', { job: [6, 4], isLeader: true }, REBATE],
    ['rebate only with signing, the reject approver', { id: 29, job: [2, 6], isRejectApprover: true }, REBATE],
    [
      'every other job (2, 3, 4, 5)',
      { job: [2, 3, 4, 5] },
      [
        ['instalment', INSTALMENT_SERVICE],
        ['house', [...HOUSE, ...HOUSE_FINANCE, ...HOUSE_STEWARD]],
        ['exam', EXAM],
        ['sign', SIGN],
      ],
    ],
    [
      'every other job, listed in another order and twice',
      { job: [5, 4, 3, 2, 5, 4] },
      [
        ['instalment', INSTALMENT_SERVICE],
        ['house', [...HOUSE, ...HOUSE_FINANCE, ...HOUSE_STEWARD]],
        ['exam', EXAM],
        ['sign', SIGN],
      ],
    ],
    ['a leader', { isLeader: true }, [...NO_JOB, ['team', TEAM]]],
    [
      'a leader in house finance (4)',
      { job: [4], isLeader: true },
      [
        ['instalment', INSTALMENT],
        ['house', [...HOUSE, ...HOUSE_FINANCE]],
        ['exam', EXAM],
        ['team', [...TEAM, ...TEAM_FINANCE]],
      ],
    ],
    [
      'a leader as house steward (5): no finance tiles on the team card',
      { job: [5], isLeader: true },
      [
        ['instalment', INSTALMENT],
        ['house', [...HOUSE, ...HOUSE_STEWARD]],
        ['exam', EXAM],
        ['team', TEAM],
      ],
    ],
    [
      'the reject approver signing',
      { id: 29, job: [2], isRejectApprover: true },
      [...NO_JOB, ['sign', [...SIGN, 'signReject']]],
    ],
    ['the reject approver not signing', { id: 29, job: [3], isRejectApprover: true }, SERVICE],
    ['user 29 signing without the grant: no id is special', { id: 29, job: [2] }, [...NO_JOB, ['sign', SIGN]]],
    [
      'a signer with colleagues 42, 43 and 44',
      {
        job: [2],
        signerList: [
          { id: 42, name: '王芳', sex: 2 },
          { id: 43, name: '李娜', sex: 2 },
          { id: 44, name: '张伟', sex: 1 },
        ],
      },
      [...NO_JOB, ['sign', [...SIGN, 'signer-42', 'signer-43', 'signer-44']]],
    ],
    [
      'a signer list repeating a colleague and naming the user themself',
      {
        id: 7,
        job: [2],
        signerList: [
          { id: 44, name: '张伟', sex: 1 },
          { id: 7, name: '本人', sex: 0 },
          { id: 44, name: '张伟', sex: 1 },
        ],
      },
      [...NO_JOB, ['sign', [...SIGN, 'signer-44']]],
    ],
    ['a signer list without the signing job', { job: [3], signerList: [{ id: 42, name: '王芳', sex: 2 }] }, SERVICE],
    [
      'everything at once: every job but 6, leading, the reject approver, with colleagues',
      {
        id: 29,
        job: [2, 3, 4, 5],
        isLeader: true,
        isRejectApprover: true,
        signerList: [{ id: 43, name: '李娜', sex: 2 }],
      },
      [
        ['instalment', INSTALMENT_SERVICE],
        ['house', [...HOUSE, ...HOUSE_FINANCE, ...HOUSE_STEWARD]],
        ['exam', EXAM],
        ['team', [...TEAM, ...TEAM_FINANCE]],
        ['sign', [...SIGN, 'signReject', 'signer-43']],
      ],
    ],
  ])('%s', (_, change, expected) => {
    expect(outline(homeCards(user(change)))).toEqual(expected);
  });

  it('leads every tile to its page, with its badge', () => {
    const cards = homeCards(
      user({
        id: 29,
        job: [2, 3, 4, 5],
        isLeader: true,
        isRejectApprover: true,
        signerList: [
          { id: 42, name: '王芳', sex: 2 },
          { id: 44, name: '张伟', sex: 1 },
        ],
      }),
    );
    expect(cards).toEqual([
      {
        key: 'instalment',
        tiles: [
          { key: 'pending', path: '/business/pending', badge: 'pending' },
          { key: 'list', path: '/business/list' },
          { key: 'add', path: '/business/add' },
          { key: 'reject', path: '/business/reject' },
          { key: 'proof', path: '/business/proof', badge: 'proof' },
          { key: 'ysb', path: '/business/ysb' },
          { key: 'service', path: '/business/service', badge: 'service' },
          { key: 'stat', path: '/business/stat' },
          { key: 'fairSignin', path: '/business/signin' },
          { key: 'activity', path: '/business/activity' },
          { key: 'esign', path: '/interface/esign/list' },
          { key: 'match', path: '/business/match' },
          { key: 'pool', path: '/business/pool' },
        ],
      },
      {
        key: 'house',
        tiles: [
          { key: 'house', path: '/business/house' },
          { key: 'houseAdd', path: '/business/houseAdd' },
          { key: 'houseChannel', path: '/business/houseChannel' },
          { key: 'houseBrokerageUser', path: '/business/houseBrokerageUser' },
          { key: 'houseRecommendList', path: '/business/houseRecommendList' },
          { key: 'houseBrokerage', path: '/business/houseBrokerage' },
          { key: 'houseBrokerageOrder', path: '/business/houseBrokerageOrder' },
          { key: 'financeAudit', path: '/business/financeAudit', badge: 'audit' },
          { key: 'clawback', path: '/business/clawback' },
          { key: 'statement', path: '/business/statement' },
          { key: 'houseSign', path: '/business/houseSign', badge: 'remind' },
          { key: 'housePhoto', path: '/business/housePhoto' },
          { key: 'houseSignCard', path: '/business/houseSignCard' },
        ],
      },
      {
        key: 'exam',
        tiles: [
          { key: 'examCenter', path: '/exam/center', badge: 'exam' },
          { key: 'examList', path: '/exam/list' },
        ],
      },
      {
        key: 'team',
        tiles: [
          { key: 'teamList', path: '/team/list' },
          { key: 'teamAppeal', path: '/team/appeal', badge: 'appeal' },
          { key: 'teamMoneyConfirm', path: '/business/moneyConfirm', badge: 'confirm' },
          { key: 'teamYsb', path: '/team/ysb' },
          { key: 'teamHouse', path: '/team/house' },
          { key: 'teamHouseChannel', path: '/team/houseChannel' },
          { key: 'teamHousePhoto', path: '/business/housePhoto' },
        ],
      },
      {
        key: 'sign',
        tiles: [
          { key: 'signCenter', path: '/sign/list/29/1', badge: 'sign' },
          { key: 'signMine', path: '/sign/list/29/2' },
          { key: 'signReject', path: '/sign/reject', badge: 'reject' },
          { key: 'signer-42', path: '/sign/list/42/2', icon: 'female', name: '王芳' },
          { key: 'signer-44', path: '/sign/list/44/2', icon: 'male', name: '张伟' },
        ],
      },
    ]);
  });

  it('sends a rebate-only user to the rebate order entry', () => {
    expect(homeCards(user({ job: [6] }))).toEqual([
      { key: 'rebate', tiles: [{ key: 'rebateOrder', path: '/business/houseBrokerageOrder' }] },
    ]);
  });

  it.each([
    [42, 2, 'female'],
    [5, 2, 'female'],
    [42, 1, 'male'],
    [44, 0, 'male'],
  ] as const)('shows signer %i of sex %i with the %s icon', (id, sex, icon) => {
    const sign = homeCards(user({ job: [2], signerList: [{ id, name: 'x', sex }] })).find(
      (card) => card.key === 'sign',
    );
    expect(sign?.tiles.find((entry) => entry.key === signerTileKey(id))).toMatchObject({ icon, name: 'x' });
  });

  it('gives every tile a page-wide unique key and every static key a known one', () => {
    fc.assert(
      fc.property(
        fc.record({
          id: fc.constantFrom(1, 7, 29, 42),
          job: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 6 }),
          isLeader: fc.boolean(),
          isRejectApprover: fc.boolean(),
          signerList: fc.array(
            fc.record({ id: fc.integer({ min: 1, max: 50 }), name: fc.string(), sex: fc.integer({ min: 0, max: 2 }) }),
            {
              maxLength: 5,
            },
          ),
        }),
        (someone) => {
          const tiles = homeCards(someone).flatMap((card) => card.tiles);
          const keys = tiles.map((entry) => entry.key);
          expect(new Set(keys).size).toBe(keys.length);
          for (const entry of tiles) {
            expect(entry.path.startsWith('/')).toBe(true);
            if (entry.name === undefined) expect(STATIC_TILE_KEYS).toContain(entry.key);
            else expect(entry.key).toMatch(/^signer-\d+$/);
          }
        },
      ),
    );
  });
});

describe('inboxItems (the to-do inbox)', () => {
  const none = Object.fromEntries(INBOX_ORDER.map((badge) => [badge, 0])) as Record<BadgeKey, number>;

  it("lists each waiting badge of the person's cards once, in the inbox's order, leading to its list", () => {
    const leaderSigner = homeCards(user({ job: [2, 4], isLeader: true, isRejectApprover: true }));
    const items = inboxItems(leaderSigner, { ...none, sign: 3, pending: 2, confirm: 1, reject: 4, audit: 5 });
    expect(items).toEqual([
      { badge: 'pending', path: '/business/pending', count: 2 },
      { badge: 'confirm', path: '/business/moneyConfirm', count: 1 },
      { badge: 'audit', path: '/business/financeAudit', count: 5 },
      { badge: 'sign', path: '/sign/list/7/1', count: 3 },
      { badge: 'reject', path: '/sign/reject', count: 4 },
    ]);
  });

  it('leaves out what is zero and what the person has no tile for', () => {
    const salesperson = homeCards(user({}));
    // A stray count for a queue the person does not serve (appeals are the leader's) is not a to-do.
    expect(inboxItems(salesperson, { ...none, appeal: 2, proof: 1 })).toEqual([
      { badge: 'proof', path: '/business/proof', count: 1 },
    ]);
    expect(inboxItems(salesperson, none)).toEqual([]);
  });
});
