import { adminIoNav } from './io/index.ts';
import { adminTexts as T } from './texts.ts';

/**
 * The back office's navigation: one line per page, in the sidebar's order. `platform` pages are the
 * operator's (platform.admin); the others need company.admin. Another feature's pages (the XLSX import and
 * export, the WeCom directory sync) add their line here and their pattern to the admin chunk.
 */
export type AdminNavItem = { path: string; label: string; platform?: boolean };

/** The line of the page /admin/<page>, named as its title. */
const line = (page: keyof typeof T.nav, platform?: true): AdminNavItem => ({
  path: `/admin/${page}`,
  label: T.nav[page],
  ...(platform ? { platform } : {}),
});

/** The company admin's own pages, in the sidebar's order. */
const COMPANY_PAGES = [
  'staff',
  'teams',
  'notices',
  'rules',
  'banks',
  'products',
  'channels',
  'sources',
  'cities',
  'papers',
  'faq',
  'faq-synonyms',
  'faq-unanswered',
  'activities',
  'robots',
  'scripts',
  'contact-ways',
  'contact-ways-stats',
  'subject',
] as const;

export const ADMIN_NAV: readonly AdminNavItem[] = [
  line('companies', true),
  ...COMPANY_PAGES.map((page) => line(page)),
  // Group sends (decision 080) are the mobile pages a team leader uses too; the admin picks the whole company.
  { path: '/team/groupSend', label: T.groupSendNav },
  ...adminIoNav,
  line('audit'),
];

/** The lines of the pages the caller's grants open. */
export const navFor = (me: { platform_admin: boolean; company_admin: boolean } | undefined) =>
  me ? ADMIN_NAV.filter((item) => (item.platform ? me.platform_admin : me.company_admin)) : [];
