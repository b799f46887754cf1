import { AdminAuditPage } from '../../features/admin/pages/audit-page.tsx';
import { AdminCompaniesPage } from '../../features/admin/pages/companies-page.tsx';
import { AdminHomePage } from '../../features/admin/pages/admin-home-page.tsx';
import { AdminActivitiesPage, AdminFaqPage, AdminPapersPage } from '../../features/admin/pages/files-page.tsx';
import { AdminExportPage, AdminImportPage, AdminWecomSyncPage } from '../../features/admin/pages/io-pages.tsx';
import { AdminFaqSynonymsPage } from '../../features/admin/pages/faq-synonyms-page.tsx';
import { AdminFaqUnansweredPage } from '../../features/admin/pages/faq-unanswered-page.tsx';
import { AdminNoticesPage } from '../../features/admin/pages/notices-page.tsx';
import { AdminProductsPage } from '../../features/admin/pages/products-page.tsx';
import {
  AdminBanksPage,
  AdminChannelsPage,
  AdminCitiesPage,
  AdminSourcesPage,
} from '../../features/admin/pages/refs-page.tsx';
import { AdminRobotsPage } from '../../features/admin/pages/robots-page.tsx';
import { AdminContactWaysPage } from '../../features/admin/pages/contact-ways-page.tsx';
import { AdminContactWayStatsPage } from '../../features/admin/pages/contact-ways-stats-page.tsx';
import { AdminRulesPage } from '../../features/admin/pages/rules-page.tsx';
import { AdminScriptsPage } from '../../features/admin/pages/scripts-page.tsx';
import { AdminSubjectPage } from '../../features/admin/pages/subject-page.tsx';
import { AdminStaffPage } from '../../features/admin/pages/staff-page.tsx';
import { AdminTeamsPage } from '../../features/admin/pages/teams-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The back office (decision 057): one lazy chunk of desktop pages, for company and platform admins. */
export const pages: ChunkPages = {
  '/admin': AdminHomePage,
  '/admin/companies': AdminCompaniesPage,
  '/admin/staff': AdminStaffPage,
  '/admin/teams': AdminTeamsPage,
  '/admin/notices': AdminNoticesPage,
  '/admin/rules': AdminRulesPage,
  '/admin/audit': AdminAuditPage,
  '/admin/banks': AdminBanksPage,
  '/admin/products': AdminProductsPage,
  '/admin/channels': AdminChannelsPage,
  '/admin/sources': AdminSourcesPage,
  '/admin/cities': AdminCitiesPage,
  '/admin/papers': AdminPapersPage,
  '/admin/faq': AdminFaqPage,
  '/admin/faq-synonyms': AdminFaqSynonymsPage,
  '/admin/faq-unanswered': AdminFaqUnansweredPage,
  '/admin/activities': AdminActivitiesPage,
  '/admin/robots': AdminRobotsPage,
  '/admin/scripts': AdminScriptsPage,
  '/admin/contact-ways': AdminContactWaysPage,
  '/admin/contact-ways-stats': AdminContactWayStatsPage,
  '/admin/import': AdminImportPage,
  '/admin/export': AdminExportPage,
  '/admin/wecom-sync': AdminWecomSyncPage,
  '/admin/subject': AdminSubjectPage,
};
