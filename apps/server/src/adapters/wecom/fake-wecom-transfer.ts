// Test helper: the customer-contact inheritance endpoints of the fake WeCom server (fake-wecom-server.ts), with
// WeCom's shapes: GET /cgi-bin/externalcontact/list?userid=, POST get_unassigned_list (cursor-paged), POST
// [resigned/]transfer_customer (≤ 100 contacts, one errcode each) and POST [resigned/]transfer_result (paged).
import type { ServerResponse } from 'node:http';
import type { FakeWecomIo } from './fake-wecom-server.ts';

export interface FakeTransferOptions {
  /** Employed members → the external contacts they follow. */
  follows?: Record<string, string[]>;
  /** Members who left → their contacts waiting to be assigned. */
  resigned?: Record<string, string[]>;
  /** Entries per page of get_unassigned_list and transfer_result, so tests can page with a few. */
  pageSize?: number;
}

export interface FakeTransfer {
  follows: Map<string, string[]>;
  resigned: Map<string, string[]>;
  /** Every transfer asked, in order, as WeCom received it. */
  readonly transfers: { path: string; body: Record<string, unknown> }[];
  /** Sets the takeover state of one transferred contact (the customer refused, WeCom took it over …). */
  setStatus(externalUserid: string, status: number): void;
  handleGet(path: string, query: Record<string, string>, res: ServerResponse, io: FakeWecomIo): boolean;
  /** The POST endpoints, with the body already read and the token checked; false when the path is not one. */
  handlePost(path: string, body: Record<string, unknown>, res: ServerResponse, io: FakeWecomIo): boolean;
}

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

export function createFakeTransfer(opts: FakeTransferOptions = {}): FakeTransfer {
  const pageSize = opts.pageSize ?? 1000;
  const follows = new Map(Object.entries(opts.follows ?? {}));
  const resigned = new Map(Object.entries(opts.resigned ?? {}));
  /** `mode:from:to` → the contacts transferred, with their state. */
  const done = new Map<string, { externalUserid: string; status: number }[]>();
  const statusOf = new Map<string, number>();
  const transfers: FakeTransfer['transfers'] = [];

  const page = <T>(list: T[], cursor: unknown) => {
    const start = Number(typeof cursor === 'string' ? cursor : '0') || 0;
    const next = start + pageSize < list.length ? String(start + pageSize) : '';
    return { rows: list.slice(start, start + pageSize), next };
  };

  return {
    follows,
    resigned,
    transfers,
    setStatus: (id, status) => void statusOf.set(id, status),
    handleGet(path, query, res, { send, fail, tokenOk }) {
      if (path !== '/cgi-bin/externalcontact/list') return false;
      if (!tokenOk(res, query.access_token)) return true;
      const list = follows.get(query.userid ?? '');
      if (!list || list.length === 0) fail(res, 84061, 'not external contact');
      else send(res, { external_userid: list });
      return true;
    },
    handlePost(path, body, res, { send, fail }) {
      if (path === '/cgi-bin/externalcontact/get_unassigned_list') {
        const all = [...resigned].flatMap(([from, ids]) =>
          ids.map((id) => ({ handover_userid: from, external_userid: id, dimission_time: 1_700_000_000 })),
        );
        const { rows, next } = page(all, body.cursor);
        send(res, { info: rows, is_last: next === '', next_cursor: next });
        return true;
      }
      const match = /^\/cgi-bin\/externalcontact\/(resigned\/)?(transfer_customer|transfer_result)$/.exec(path);
      if (!match) return false;
      const mode = match[1] ? 'resigned' : 'employed';
      const from = typeof body.handover_userid === 'string' ? body.handover_userid : '';
      const to = typeof body.takeover_userid === 'string' ? body.takeover_userid : '';
      if (!from || !to) {
        fail(res, 40003, 'invalid userid');
        return true;
      }
      const key = `${mode}:${from}:${to}`;
      if (match[2] === 'transfer_result') {
        const list = (done.get(key) ?? []).map((c) => ({
          external_userid: c.externalUserid,
          status: statusOf.get(c.externalUserid) ?? c.status,
          takeover_time: 1_700_086_400,
        }));
        const { rows, next } = page(list, body.cursor);
        send(res, { customer: rows, next_cursor: next });
        return true;
      }
      transfers.push({ path, body });
      const ids = strings(body.external_userid);
      if (ids.length === 0) {
        fail(res, 41035, 'missing external userid');
        return true;
      }
      if (ids.length > 100) {
        fail(res, 40058, 'external_userid exceed max size 100');
        return true;
      }
      const held = (mode === 'resigned' ? resigned : follows).get(from) ?? [];
      const list = done.get(key) ?? [];
      const customer = ids.map((id) => {
        if (!held.includes(id)) return { external_userid: id, errcode: 40096 };
        list.push({ externalUserid: id, status: 2 });
        return { external_userid: id, errcode: 0 };
      });
      done.set(key, list);
      send(res, { customer });
      return true;
    },
  };
}
