import { TIER_LABELS, verifyRevealedPool } from '@crm/domain/activity';
import type { ActivityCode, ActivityInfo, ActivityMine, ActivityVisitor } from '@crm/domain/api/activity';
import { runCountdown, SMS_COUNTDOWN_SECONDS } from '../lib/countdown.ts';
import { activityApi, oauthUrl } from './api.ts';
import { chinaTime, h, yuan } from './dom.ts';
import { ACTIVITY_PAGE_TEXTS as T } from './texts.ts';

/*
 * The visitor pages of /activity and /interface (spec §2; decision 056): lottery (root, login, Prize, success),
 * coupon (root, login/{openid}, success), car (root, register/{activity_id}, success), signin (root, register,
 * subscribe, login, list, success). The activity is `?id=` (or the car register's path). Each page is a full
 * load of this small bundle; the session is the httpOnly cookie the WeChat authorisation set.
 */

export interface PageEnv {
  root: HTMLElement;
  /** The address, as `location` has it. */
  url: URL;
  /** Sends the browser elsewhere (location.assign in the app; recorded in tests). */
  go: (to: string) => void;
  /** Puts another address in place of this one, without a reload or a history entry (history.replaceState). */
  replace: (to: string) => void;
}

const STATUS_TEXT = { upcoming: T.upcoming, running: T.running, ended: T.ended } as const;

/**
 * What the address says: /activity|/interface, the activity kind, the page and the activity id. A bare
 * `/activity` is the test page (spec §2: "empty redirects to test"), whose address the page then corrects.
 */
export function parseActivityPath(url: URL) {
  const [, base = 'activity', kind = '', page = '', param = ''] = url.pathname.split('/');
  const type = kind || 'test';
  const fromPath = type === 'car' && page === 'register' ? Number(param) : NaN;
  const id = Number.isInteger(fromPath) && fromPath > 0 ? fromPath : Number(url.searchParams.get('id'));
  return {
    base: `/${base}`,
    type,
    page,
    id: Number.isInteger(id) && id > 0 ? id : null,
    redirect: kind === '' ? `/${base}/test${url.search}` : null,
  };
}

export async function renderActivityPage(env: PageEnv): Promise<void> {
  const { root, url, go } = env;
  const { base, type, page, id, redirect } = parseActivityPath(url);
  if (redirect) env.replace(redirect);
  const ref = url.searchParams.get('ref');
  const pageUrl = (kind: string, sub = '', extra = '') =>
    `${base}/${kind}${sub ? `/${sub}` : ''}?id=${id ?? ''}${ref ? `&ref=${encodeURIComponent(ref)}` : ''}${extra}`;

  const show = (...children: (Node | null | false)[]) =>
    root.replaceChildren(...children.filter((c): c is Node => !!c));
  const alertBox = h('p', { role: 'alert', class: 'act-error' });
  const fail = (msg: string) => {
    alertBox.textContent = msg;
  };
  /** One tap, one call: the button waits for the answer, moves on when it is accepted, says why when not. */
  const submitButton = (label: string, call: () => Promise<{ code: number; msg: string }>, next: string) => {
    const button = h('button', { type: 'button', class: 'act-button' }, label) as HTMLButtonElement;
    button.addEventListener('click', () => {
      button.disabled = true;
      void call().then((answer) => {
        if (answer.code === 0) go(next);
        else {
          fail(answer.msg);
          button.disabled = false;
        }
      });
    });
    return button;
  };
  const retry = () =>
    show(
      h('p', { role: 'alert', class: 'act-error' }, T.loadFailed),
      h('button', { type: 'button', class: 'act-button', onclick: () => void renderActivityPage(env) }, T.retry),
    );

  if (url.searchParams.get('wechat') === 'snapshot') {
    show(h('p', { role: 'alert', class: 'act-error' }, T.snapshot));
    return;
  }
  // The test page (spec §2), and any page opened without its activity: what this address is and how to come.
  if (id === null || type === 'test') {
    document.title = T.entryTitle;
    show(h('header', { class: 'act-header' }, h('h1', {}, T.entryTitle)), h('p', { class: 'act-muted' }, T.noActivity));
    return;
  }
  const infoAnswer = await activityApi.info(id);
  const info = infoAnswer.data;
  if (!info) {
    if (infoAnswer.status === 404) show(h('p', { class: 'act-muted' }, infoAnswer.msg));
    else retry();
    return;
  }
  document.title = info.title;

  /** The visitor behind the cookie; without one, off to WeChat and back here. */
  async function visitor(): Promise<ActivityVisitor | null> {
    const answer = await activityApi.visitor();
    if (answer.status === 401 || answer.status === 403) {
      go(oauthUrl(info!.id, `${url.pathname}${url.search}`));
      return null;
    }
    if (!answer.data) {
      retry();
      return null;
    }
    return answer.data;
  }

  const header = h(
    'header',
    { class: 'act-header' },
    info.cover_url ? h('img', { src: info.cover_url, alt: '', class: 'act-cover' }) : null,
    h('h1', {}, info.title),
    h('p', { class: `act-status act-${info.status}` }, STATUS_TEXT[info.status]),
    h('p', { class: 'act-muted' }, T.period(chinaTime(info.starts_at), chinaTime(info.ends_at))),
    info.intro ? h('p', {}, info.intro) : null,
    // Whom to complain to, on every page of the activity (decision 070).
    info.complaint_contact ? h('p', { class: 'act-muted act-complaint' }, T.complaint(info.complaint_contact)) : null,
  );
  const back = h('a', { href: pageUrl(type), class: 'act-link' }, T.back);
  /** The visitor's action (`action`), or first the phone check at `login` where the activity asks for a phone. */
  const offer = (me: ActivityVisitor, login: string, action: () => HTMLElement) =>
    root.append(
      info.requires_phone && !me.phone
        ? h('a', { href: pageUrl(type, login), class: 'act-button' }, T.provePhone)
        : action(),
    );

  // ---- the phone check (lottery/login, coupon/login/{openid}, signin/login)
  if (page === 'login') {
    const me = await visitor();
    if (!me) return;
    show(
      header,
      phoneForm(() => go(pageUrl(type)), fail),
      alertBox,
      back,
    );
    return;
  }

  if (type === 'lottery') {
    if (page === 'Prize' || page === 'success') {
      const me = await visitor();
      if (!me) return;
      const mine = await activityApi.mine(info.id);
      if (!mine.data) return retry();
      show(header, prizeView(mine.data), back);
      return;
    }
    show(header, lotteryFacts(info), alertBox);
    if (info.status !== 'running') return;
    const me = await visitor();
    if (!me) return;
    const mine = await activityApi.mine(info.id);
    if (!mine.data) return retry();
    if (mine.data.draws.length > 0) {
      root.append(h('p', {}, T.drawn), h('a', { href: pageUrl('lottery', 'Prize'), class: 'act-button' }, T.viewPrize));
      return;
    }
    offer(me, 'login', () => submitButton(T.draw, () => activityApi.draw(info.id), pageUrl('lottery', 'Prize')));
    return;
  }

  if (type === 'coupon') {
    const facts = info.coupon
      ? h(
          'section',
          { class: 'act-card' },
          h('h2', {}, info.coupon.title),
          h('p', { class: 'act-value' }, yuan(info.coupon.value_fen)),
          h('p', { class: 'act-muted' }, T.couponLeft(info.coupon.left, info.coupon.stock)),
        )
      : null;
    const me = info.status === 'running' || page === 'success' ? await visitor() : null;
    if ((info.status === 'running' || page === 'success') && !me) return;
    const mine = me ? await activityApi.mine(info.id) : null;
    const code = mine?.data?.codes.find((c) => c.kind === 'coupon');
    if (page === 'success' || code) {
      show(header, code ? codeView(T.yourCoupon, code, T.showAtCounter) : facts, back);
      return;
    }
    show(header, facts, alertBox);
    if (!me) return;
    offer(me, 'login/wx', () => submitButton(T.claim, () => activityApi.coupon(info.id), pageUrl('coupon', 'success')));
    return;
  }

  if (type === 'car') {
    if (page === 'success') {
      show(header, h('section', { class: 'act-card' }, h('h2', {}, T.bookedTitle), h('p', {}, T.bookedBody)));
      return;
    }
    if (page !== 'register') {
      show(header, h('a', { href: `${base}/car/register/${info.id}${url.search}`, class: 'act-button' }, T.book));
      return;
    }
    const me = await visitor();
    if (!me) return;
    const models = info.fields.find((f) => f.name === 'car_model')?.options ?? [];
    show(
      header,
      entryForm(
        [
          ...nameAndPhoneFields(),
          field(
            'car_model',
            T.carModel,
            h(
              'select',
              { id: 'act-car_model', name: 'car_model', required: true },
              h('option', { value: '' }, T.chooseModel),
              ...models.map((m) => h('option', { value: m }, m)),
            ),
          ),
          field('date', T.date, h('input', { id: 'act-date', name: 'date', type: 'date', required: true })),
        ],
        (fields) => activityApi.add({ activity_id: info.id, ...fields, ...(ref ? { ref } : {}) }),
        () => go(`${base}/car/success?id=${info.id}`),
        fail,
      ),
      alertBox,
    );
    return;
  }

  if (type === 'signin') {
    const fair = info.fair ? h('p', { class: 'act-muted' }, info.fair.name) : null;
    if (page === 'success') {
      show(header, h('section', { class: 'act-card' }, h('h2', {}, T.signinDone), h('p', {}, T.signinDoneBody)), back);
      return;
    }
    const me = await visitor();
    if (!me) return;
    if (page === 'list') {
      const mine = await activityApi.mine();
      if (!mine.data) return retry();
      const rows = mine.data.entries.filter((e) => e.type === 'signin' && e.kind === 'register');
      show(
        header,
        h('h2', {}, T.mySignins),
        rows.length === 0
          ? h('p', { class: 'act-muted' }, T.noSignins)
          : h(
              'ul',
              { class: 'act-list' },
              ...rows.map((e) => h('li', {}, `${e.activity_title} · ${chinaTime(e.created_at)}`)),
            ),
        back,
      );
      return;
    }
    if (page === 'register') {
      show(
        header,
        fair,
        entryForm(
          [...nameAndPhoneFields()],
          (fields) => activityApi.add({ activity_id: info.id, ...fields, ...(ref ? { ref } : {}) }),
          () => go(pageUrl('signin', info.questions.length > 0 ? 'subscribe' : 'success')),
          fail,
        ),
        alertBox,
      );
      return;
    }
    if (page === 'subscribe') {
      const groups = info.questions.map((q) =>
        h(
          'fieldset',
          { class: 'act-question' },
          h('legend', {}, q.text),
          ...q.options.map((option, i) =>
            h(
              'label',
              { class: 'act-choice' },
              h('input', { type: 'radio', name: q.id, value: option, required: i === 0 }),
              option,
            ),
          ),
        ),
      );
      const form = h(
        'form',
        { class: 'act-form' },
        ...groups,
        h('button', { type: 'submit', class: 'act-button' }, T.submit),
      ) as HTMLFormElement;
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const answers: Record<string, string> = {};
        for (const q of info.questions) {
          const picked = form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(q.id)}"]:checked`);
          if (picked) answers[q.id] = picked.value;
        }
        void activityApi
          .add({ activity_id: info.id, kind: 'subscribe', answers: JSON.stringify(answers) })
          .then((answer) => {
            if (answer.code === 0) go(pageUrl('signin', 'success'));
            else fail(answer.msg);
          });
      });
      show(header, fair, h('h2', {}, T.subscribe), form, alertBox);
      return;
    }
    const mine = await activityApi.mine(info.id);
    if (!mine.data) return retry();
    const registered = mine.data.entries.some((e) => e.kind === 'register');
    const subscribed = mine.data.entries.some((e) => e.kind === 'subscribe');
    const next = !registered
      ? h('a', { href: pageUrl('signin', 'register'), class: 'act-button' }, T.register)
      : !subscribed && info.questions.length > 0
        ? h('a', { href: pageUrl('signin', 'subscribe'), class: 'act-button' }, T.subscribe)
        : h('p', {}, T.signinDone);
    show(
      header,
      fair,
      info.status === 'running' ? next : null,
      h('a', { href: pageUrl('signin', 'list'), class: 'act-link' }, T.mySignins),
    );
    return;
  }
  show(header);
}

/** A labelled form row. */
/** Who signs up: the name and phone every sign-up form starts with. */
function nameAndPhoneFields(): HTMLElement[] {
  return [
    field(
      'name',
      T.name,
      h('input', { id: 'act-name', name: 'name', autocomplete: 'name', maxlength: '20', required: true }),
    ),
    field(
      'phone',
      T.phone,
      h('input', {
        id: 'act-phone',
        name: 'phone',
        type: 'tel',
        inputmode: 'numeric',
        maxlength: '11',
        required: true,
      }),
    ),
  ];
}

function field(name: string, label: string, input: HTMLElement): HTMLElement {
  return h('div', { class: 'inline-field act-field' }, h('label', { for: `act-${name}` }, label), input);
}

/** A sign-up form: keeps what was typed when the server refuses, and says why. */
function entryForm(
  rows: HTMLElement[],
  send: (fields: Record<string, string>) => Promise<{ code: number; msg: string }>,
  done: () => void,
  fail: (msg: string) => void,
): HTMLElement {
  const submit = h('button', { type: 'submit', class: 'act-button' }, T.submit) as HTMLButtonElement;
  const form = h('form', { class: 'act-form' }, ...rows, submit) as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const fields: Record<string, string> = {};
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') fields[key] = value.trim();
    submit.disabled = true;
    void send(fields).then((answer) => {
      submit.disabled = false;
      if (answer.code === 0) done();
      else fail(answer.msg);
    });
  });
  return form;
}

/** Phone and SMS code, checked on the server (lotteryLogin); the resend waits 59 s (spec §9). */
function phoneForm(done: () => void, fail: (msg: string) => void): HTMLElement {
  const phone = h('input', {
    id: 'act-phone',
    name: 'phone',
    type: 'tel',
    inputmode: 'numeric',
    maxlength: '11',
    autocomplete: 'tel',
  }) as HTMLInputElement;
  const code = h('input', {
    id: 'act-code',
    name: 'code',
    inputmode: 'numeric',
    maxlength: '6',
    autocomplete: 'one-time-code',
  }) as HTMLInputElement;
  const send = h('button', { type: 'button', class: 'act-small' }, T.getCode) as HTMLButtonElement;
  send.addEventListener('click', () => {
    if (!/^1[3-9]\d{9}$/.test(phone.value.trim())) return fail(T.phoneFormat);
    send.disabled = true;
    void activityApi.smsCode(phone.value.trim()).then((answer) => {
      if (answer.code !== 0) {
        send.disabled = false;
        return fail(answer.msg);
      }
      fail(T.codeSent);
      if (answer.data?.verifyCode) code.value = answer.data.verifyCode;
      runCountdown(
        SMS_COUNTDOWN_SECONDS,
        (left) => (send.textContent = left > 0 ? T.resendIn(left) : T.getCode),
        () => (send.disabled = false),
      );
    });
  });
  const form = h(
    'form',
    { class: 'act-form' },
    h('h2', {}, T.provePhone),
    field('phone', T.phone, phone),
    h('div', { class: 'inline-field act-field' }, h('label', { for: 'act-code' }, T.code), code, send),
    h('button', { type: 'submit', class: 'act-button' }, T.verify),
  ) as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void activityApi.login(phone.value.trim(), code.value.trim()).then((answer) => {
      if (answer.code === 0) done();
      else fail(answer.msg);
    });
  });
  return form;
}

/** Prizes, the published hashes and, after the end, the seed with a check the visitor runs on their phone. */
function lotteryFacts(info: ActivityInfo): HTMLElement {
  const lottery = info.lottery;
  if (!lottery) return h('section');
  const release = lottery.release;
  const result = h('p', { role: 'status' });
  const verify = lottery.seed
    ? h(
        'button',
        {
          type: 'button',
          class: 'act-small',
          onclick: () => {
            const check = verifyRevealedPool({
              seed: lottery.seed ?? '',
              seedCommitment: lottery.seed_commitment,
              poolHash: lottery.pool_hash,
              composition: {
                size: lottery.pool_size,
                prizes: lottery.prizes.map((p) => ({ tier: p.tier, stock: p.stock })),
                release: lottery.release,
              },
            });
            result.textContent = check.seedMatches && check.poolMatches ? T.verified : T.notVerified;
          },
        },
        T.verifyPool,
      )
    : null;
  return h(
    'section',
    { class: 'act-card' },
    h('h2', {}, T.odds),
    h(
      'table',
      { class: 'act-odds' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...[T.tier, T.prize, T.value, T.count, T.oddsColumn, T.leftNow(release)].map((c) => h('th', {}, c)),
        ),
      ),
      h(
        'tbody',
        {},
        ...lottery.prizes.map((p) =>
          h(
            'tr',
            {},
            ...[TIER_LABELS[p.tier] ?? '', p.name, yuan(p.value_fen), String(p.stock), p.odds].map((c) =>
              h('td', {}, c),
            ),
            h('td', {}, info.status === 'ended' ? '—' : String(p.left_now)),
          ),
        ),
        h(
          'tr',
          {},
          h('td', {}, T.thankYou),
          h('td', {}, '—'),
          h('td', {}, '—'),
          h('td', {}, '—'),
          h('td', {}, lottery.thank_you_odds),
          h('td', {}, '—'),
        ),
      ),
    ),
    h('p', { class: 'act-muted' }, release ? T.releasePlan(release) : T.allAtOnce),
    h('h2', {}, T.fairness),
    h('p', { class: 'act-muted' }, T.fairnessIntro),
    h('p', { class: 'act-muted' }, T.poolSize(lottery.pool_size, lottery.drawn)),
    h('p', { class: 'act-hash' }, `${T.commitment}: `, h('code', {}, lottery.seed_commitment)),
    h('p', { class: 'act-hash' }, `${T.poolHash}: `, h('code', {}, lottery.pool_hash)),
    lottery.seed ? h('p', { class: 'act-hash' }, `${T.seed}: `, h('code', {}, lottery.seed)) : null,
    verify,
    result,
  );
}

function codeView(title: string, code: ActivityCode, note: string): HTMLElement {
  return h(
    'section',
    { class: 'act-card' },
    h('h2', {}, title),
    h('p', {}, code.title),
    h('p', { class: 'act-muted' }, T.redeemCode),
    h('p', { class: 'act-code' }, code.code),
    h(
      'p',
      { class: 'act-muted' },
      code.redeemed_at ? T.redeemedAt(chinaTime(code.redeemed_at)) : T.expires(chinaTime(code.expires_at)),
    ),
    note ? h('p', {}, note) : null,
  );
}

function prizeView(mine: ActivityMine): HTMLElement {
  const draw = mine.draws[0];
  if (!draw) return h('p', { class: 'act-muted' }, T.noActivity);
  if (!draw.prize) return h('section', { class: 'act-card' }, h('h2', {}, T.yourResult), h('p', {}, T.notWon));
  return h(
    'section',
    { class: 'act-card' },
    h('h2', {}, T.yourResult),
    h('p', { class: 'act-won' }, T.won(draw.tier_label, draw.prize.name)),
    draw.prize.redeem_note ? h('p', {}, `${T.howToRedeem}：${draw.prize.redeem_note}`) : null,
    draw.code ? codeView(T.redeemCode, draw.code, '') : null,
  );
}
