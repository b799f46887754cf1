import * as ww from '@wecom/jssdk';
import type { ChatCard, WxWorkConfig } from '@crm/domain/api/chatter';
import { initWxWorkConfig } from '../api/chatter-api.ts';

/*
 * The page's one door to WeCom's JS-SDK (@wecom/jssdk, in this section's chunk only): who the current external
 * contact is, where the page was opened, and sending a card into the chat. In demo mode (the server says `demo`:
 * the offline WeCom adapter, which production refuses) a stand-in answers instead: the contact is the one the person
 * picks from the offline WeCom's demo contacts, and sent cards are kept on `window.__chattergeeCards`, which
 * is also what the e2e journey reads (decision 055). Nothing here is test-only code.
 */
export interface SidebarSdk {
  readonly demo: boolean;
  readonly demoContacts: WxWorkConfig['demo_contacts'];
  /** The external contact of the chat the sidebar is open in; null outside a single chat. */
  currentContact(): Promise<string | null>;
  sendCard(card: ChatCard): Promise<void>;
  /**
   * Puts an approved script's text into the chat (decision 080): WeCom's sendChatMessage, msgtype text. Outside
   * WeCom (demo mode) the text goes to the clipboard instead, to be pasted by hand; answers which happened.
   */
  sendText(content: string): Promise<'chat' | 'clipboard'>;
}

const DEMO_CONTACT_KEY = 'chattergee.demoContact';
declare global {
  interface Window {
    __chattergeeCards?: ChatCard[];
    /** The texts the demo stand-in copied (the e2e journey reads them). */
    __chattergeeTexts?: string[];
  }
}

/** The demo's stand-in for sending a text: the clipboard, when the browser lets the page write it. */
async function copyToClipboard(content: string): Promise<'clipboard'> {
  window.__chattergeeTexts = [...(window.__chattergeeTexts ?? []), content];
  await globalThis.navigator?.clipboard?.writeText(content).catch(() => undefined);
  return 'clipboard';
}

export function demoContact(): string | null {
  return globalThis.sessionStorage?.getItem(DEMO_CONTACT_KEY) ?? null;
}
export function setDemoContact(externalUserid: string | null) {
  if (externalUserid) sessionStorage.setItem(DEMO_CONTACT_KEY, externalUserid);
  else sessionStorage.removeItem(DEMO_CONTACT_KEY);
}

/** Signatures asked of the server per page URL (WeCom calls the factories again when the URL changes). */
const signatures = new Map<string, Promise<WxWorkConfig>>();
const configFor = (url: string) => {
  const key = url.split('#')[0] ?? url;
  let entry = signatures.get(key);
  if (!entry) {
    entry = initWxWorkConfig(key);
    signatures.set(key, entry);
    entry.catch(() => signatures.delete(key));
  }
  return entry;
};

let registered = false;

export async function openSidebarSdk(): Promise<SidebarSdk> {
  const config = await configFor(globalThis.location.href);
  // The offline WeCom signs with tickets no real WeCom knows: in demo mode the real JS-SDK could not work anyway.
  if (config.demo) {
    return {
      demo: true,
      demoContacts: config.demo_contacts,
      currentContact: async () => demoContact(),
      async sendCard(card) {
        window.__chattergeeCards = [...(window.__chattergeeCards ?? []), card];
      },
      sendText: copyToClipboard,
    };
  }
  if (!registered) {
    ww.register({
      corpId: config.corpId,
      agentId: config.agentId,
      jsApiList: ['getContext', 'getCurExternalContact', 'sendChatMessage'],
      getConfigSignature: async (url) => (await configFor(url)).config,
      getAgentConfigSignature: async (url) => (await configFor(url)).agentConfig,
    });
    registered = true;
  }
  return {
    demo: false,
    demoContacts: [],
    async currentContact() {
      const context = await ww.getContext();
      if (context.entry !== ww.EntryType.single_chat_tools) return null;
      const contact = await ww.getCurExternalContact();
      return contact.userId;
    },
    async sendCard(card) {
      await ww.sendChatMessage({ msgtype: 'news', news: card });
    },
    async sendText(content) {
      await ww.sendChatMessage({ msgtype: 'text', text: { content } });
      return 'chat';
    },
  };
}
