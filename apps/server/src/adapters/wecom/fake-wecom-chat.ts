// Test helper: the chat sidebar's endpoints of the fake WeCom server (fake-wecom-server.ts), with WeCom's
// shapes: GET /cgi-bin/ticket/get?type=agent_config and GET /cgi-bin/externalcontact/get (cursor-paged).
import type { FakeWecomEndpoints } from './fake-wecom-server.ts';
import type { ExternalContact } from './wecom-chat.ts';

export interface FakeChatOptions {
  agentTicket?: string;
  /** Seconds; WeCom's own value is 7200. */
  agentTicketExpiresIn?: number;
  contacts?: ExternalContact[];
  /** follow_user entries per page (WeCom's is 500), so tests can page with a few. */
  followPageSize?: number;
}

export interface FakeChat {
  readonly agentTicketRequests: number;
  /** Each agent ticket request waits this long before answering, so concurrent callers overlap. */
  delayTicketsMs: number;
  addContact(contact: ExternalContact): void;
  handle: FakeWecomEndpoints;
}

export function createFakeChat(opts: FakeChatOptions = {}): FakeChat {
  const contacts = new Map((opts.contacts ?? []).map((c) => [c.externalUserid, c]));
  const pageSize = opts.followPageSize ?? 500;
  let agentTicketRequests = 0;
  const chat: FakeChat = {
    get agentTicketRequests() {
      return agentTicketRequests;
    },
    delayTicketsMs: 0,
    addContact: (contact) => void contacts.set(contact.externalUserid, contact),
    handle(path, query, res, { send, fail, tokenOk }) {
      if (path === '/cgi-bin/ticket/get') {
        if (!tokenOk(res, query.access_token)) return true;
        if (query.type !== 'agent_config') {
          fail(res, 40001, 'invalid type');
          return true;
        }
        agentTicketRequests += 1;
        const answer = () =>
          send(res, { ticket: opts.agentTicket ?? 'fake-agent-ticket', expires_in: opts.agentTicketExpiresIn ?? 7200 });
        if (chat.delayTicketsMs > 0) setTimeout(answer, chat.delayTicketsMs);
        else answer();
        return true;
      }
      if (path === '/cgi-bin/externalcontact/get') {
        if (!tokenOk(res, query.access_token)) return true;
        const contact = contacts.get(query.external_userid ?? '');
        if (!contact) {
          fail(res, 84061, 'not external contact');
          return true;
        }
        const start = Number(query.cursor ?? '0') || 0;
        const page = contact.followUserIds.slice(start, start + pageSize);
        const next = start + pageSize < contact.followUserIds.length ? String(start + pageSize) : '';
        send(res, {
          external_contact: { external_userid: contact.externalUserid, name: contact.name, type: 1 },
          follow_user: page.map((userid) => ({ userid, remark: '', createtime: 1700000000 })),
          ...(next ? { next_cursor: next } : {}),
        });
        return true;
      }
      return false;
    },
  };
  return chat;
}
