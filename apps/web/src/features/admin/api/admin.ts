import {
  adminActivityEntrySchema,
  adminActivityListSchema,
  adminActivitySavedSchema,
  adminActivityUploadedSchema,
  adminAuditListSchema,
  adminFaqEntrySchema,
  adminFaqListSchema,
  adminFaqUploadedSchema,
  adminPaperEntrySchema,
  adminPaperListSchema,
  adminPaperUploadedSchema,
  adminCompanySchema,
  adminNoticeSchema,
  adminProductListSchema,
  adminProductSchema,
  adminRefListSchema,
  adminRefSchema,
  adminSettingsSchema,
  adminStaffListSchema,
  adminStaffSchema,
  adminTeamSchema,
  adminWhoamiSchema,
  type RefKind,
} from '@crm/domain/api/admin';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPostJson } from '../../../lib/api-client.ts';
import { usePagedList, type CursorPage } from '../../../lib/paged-list.ts';
import { showToast } from '../../../lib/toast.ts';
import { featureKeys } from '../../../lib/api-query.ts';
import { readQuery } from '../../../lib/read-query.ts';
import { city } from '@crm/domain/endpoints/cases';

/*
 * The back office's calls (/api/admin/..., decision 057): JSON bodies, every answer parsed with the
 * domain's schema. Lists page on the keyset contract (decision 044) through usePagedList.
 */

export const adminKeys = {
  ...featureKeys('admin', [
    'whoami',
    'teams',
    'notices',
    'settings',
    'audit',
    'companies',
    'products',
    'papers',
    'faq',
    'activities',
    'cities',
  ]),
  staff: (q: string) => ['admin', 'staff', q] as const,
  refs: (kind: RefKind, parentId: number | null) => ['admin', 'refs', kind, parentId] as const,
  paper: (id: number) => ['admin', 'papers', 'entry', id] as const,
  faqEntry: (id: number) => ['admin', 'faq', 'entry', id] as const,
  activity: (id: number) => ['admin', 'activities', 'entry', id] as const,
};

const PAGE = 20;
const get = async <T>(
  path: string,
  schema: z.ZodType<T>,
  query?: Record<string, string | number>,
  signal?: AbortSignal,
) => schema.parse((await apiGet<unknown>(path, query, signal)).data);

/** One back-office read that is not paged: a whole list, the settings, or one entry by its query. */
const useAdminRead = <T>(
  queryKey: QueryKey,
  path: string,
  schema: z.ZodType<T>,
  query: Record<string, string | number> = {},
) => useQuery({ queryKey, queryFn: ({ signal }) => get(path, schema, query, signal) });

/** A back-office list, PAGE rows at a time; `filters` go with every page, after the cursor and the limit. */
const useAdminPages = <Page extends CursorPage>(
  queryKey: QueryKey,
  path: string,
  schema: z.ZodType<Page>,
  filters: Record<string, string | number> = {},
) =>
  usePagedList({
    queryKey,
    fetchPage: (cursor, signal) => get(path, schema, { cursor: cursor ?? '', limit: PAGE, ...filters }, signal),
  });

export const useWhoami = () => useAdminRead(adminKeys.whoami, '/api/admin/whoami', adminWhoamiSchema);

export const useStaffList = (q: string) =>
  useAdminPages(adminKeys.staff(q), '/api/admin/staff', adminStaffListSchema, q ? { q } : {});

export const useTeams = () => useAdminRead(adminKeys.teams, '/api/admin/teams', z.array(adminTeamSchema));

export const useNotices = () => useAdminRead(adminKeys.notices, '/api/admin/notices', z.array(adminNoticeSchema));

export const useSettings = () => useAdminRead(adminKeys.settings, '/api/admin/settings', adminSettingsSchema);

export const useAudit = () => useAdminPages(adminKeys.audit, '/api/admin/audit', adminAuditListSchema);

export const useCompanies = () =>
  useAdminRead(adminKeys.companies, '/api/admin/companies', z.array(adminCompanySchema));

export const useRefs = (kind: RefKind, parentId: number | null) =>
  useAdminPages(adminKeys.refs(kind, parentId), '/api/admin/refs', adminRefListSchema, {
    kind,
    ...(parentId === null ? {} : { parent_id: parentId }),
  });

/** Every province and city (the cities table is everyone's and rarely changes): the admission rules pick from it. */
export const useCities = readQuery(adminKeys.cities, city, { method: 'GET', staleTime: 10 * 60_000 });

export const useProducts = () => useAdminPages(adminKeys.products, '/api/admin/products', adminProductListSchema);

export const usePapers = () => useAdminPages(adminKeys.papers, '/api/admin/papers', adminPaperListSchema);

export const useFaqEntries = () => useAdminPages(adminKeys.faq, '/api/admin/faq', adminFaqListSchema);

/** One paper as its file's object, for the edit form. */
export const usePaperFile = (id: number) =>
  useAdminRead(adminKeys.paper(id), '/api/admin/papers/entry', adminPaperEntrySchema, { id });

/** One activity as its file entry's object, for the edit form. */
export const useActivitySpec = (id: number) =>
  useAdminRead(adminKeys.activity(id), '/api/admin/activities/entry', adminActivityEntrySchema, { id });

/** One FAQ entry with its body, for the edit form. */
export const useFaqEntry = (id: number) =>
  useAdminRead(adminKeys.faqEntry(id), '/api/admin/faq/entry', adminFaqEntrySchema, { id });

export const useActivities = () =>
  useAdminPages(adminKeys.activities, '/api/admin/activities', adminActivityListSchema);

/**
 * The write calls: each toasts the server's message and marks everything stale: the back office's lists and
 * audit log, and what other pages show of the change (the home banner's notices, the case form's lists).
 */
const WRITES = {
  '/api/admin/staff/add': adminStaffSchema,
  '/api/admin/staff/update': adminStaffSchema,
  '/api/admin/teams/add': z.unknown(),
  '/api/admin/teams/update': z.unknown(),
  '/api/admin/notices/add': adminNoticeSchema,
  '/api/admin/notices/update': adminNoticeSchema,
  '/api/admin/settings': adminSettingsSchema,
  '/api/admin/companies/add': adminCompanySchema,
  '/api/admin/companies/update': adminCompanySchema,
  '/api/admin/refs/add': adminRefSchema,
  '/api/admin/refs/update': adminRefSchema,
  '/api/admin/products/add': adminProductSchema,
  '/api/admin/products/update': adminProductSchema,
  '/api/admin/papers/upload': adminPaperUploadedSchema,
  '/api/admin/papers/save': adminPaperUploadedSchema,
  '/api/admin/faq/upload': adminFaqUploadedSchema,
  '/api/admin/faq/save': adminFaqEntrySchema,
  '/api/admin/activities/upload': adminActivityUploadedSchema,
  '/api/admin/activities/save': adminActivitySavedSchema,
} as const;
export type AdminWrite = keyof typeof WRITES;

export function useAdminWrite(path: AdminWrite) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      const answer = await apiPostJson<unknown>(path, body);
      return { msg: answer.msg, data: WRITES[path].parse(answer.data) };
    },
    onSuccess: ({ msg }) => {
      showToast({ content: msg, icon: 'success' });
      void queryClient.invalidateQueries();
    },
    onError: (error) => showToast({ content: error.message, icon: 'fail' }),
  });
}
