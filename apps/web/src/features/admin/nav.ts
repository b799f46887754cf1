import { adminIoNav } from './io/index.ts';
import { adminTexts as T } from './texts.ts';

/**
 * The back office's navigation: one line per page, in the sidebar's order. `platform` pages are the
 * operator's (platform.admin); the others need company.admin. Another feature's pages (the XLSX import and
 * export, the WeCom directory sync) add their line here and their pattern to the admin chunk.
 */
export type AdminNavItem = { path: string; label: string; platform?: boolean };

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: '/admin/companies', label: T.nav.companies, platform: true },
  { path: '/admin/staff', label: T.nav.staff },
  { path: '/admin/teams', label: T.nav.teams },
  { path: '/admin/notices', label: T.nav.notices },
  { path: '/admin/rules', label: T.nav.rules },
  { path: '/admin/banks', label: T.nav.banks },
  { path: '/admin/products', label: T.nav.products },
  { path: '/admin/channels', label: T.nav.channels },
  { path: '/admin/sources', label: T.nav.sources },
  { path: '/admin/cities', label: T.nav.cities },
  { path: '/admin/papers', label: T.nav.papers },
  { path: '/admin/faq', label: T.nav.faq },
  { path: '/admin/activities', label: T.nav.activities },
  ...adminIoNav,
  { path: '/admin/audit', label: T.nav.audit },
];
