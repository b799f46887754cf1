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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPostJson } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { showToast } from '../../../lib/toast.ts';

/*
 * The back office's calls (/api/admin/..., decision 057): JSON bodies, every answer parsed with the
 * domain's schema. Lists page on the keyset contract (decision 044) through usePagedList.
 */

export const adminKeys = {
  all: ['admin'] as const,
  whoami: ['admin', 'whoami'] as const,
  staff: (q: string) => ['admin', 'staff', q] as const,
  teams: ['admin', 'teams'] as const,
  notices: ['admin', 'notices'] as const,
  settings: ['admin', 'settings'] as const,
  audit: ['admin', 'audit'] as const,
  companies: ['admin', 'companies'] as const,
  refs: (kind: RefKind, parentId: number | null) => ['admin', 'refs', kind, parentId] as const,
  products: ['admin', 'products'] as const,
  papers: ['admin', 'papers'] as const,
  paper: (id: number) => ['admin', 'papers', 'entry', id] as const,
  faq: ['admin', 'faq'] as const,
  faqEntry: (id: number) => ['admin', 'faq', 'entry', id] as const,
  activities: ['admin', 'activities'] as const,
  activity: (id: number) => ['admin', 'activities', 'entry', id] as const,
};

const PAGE = 20;
const get = async <T>(
  path: string,
  schema: z.ZodType<T>,
  query?: Record<string, string | number>,
  signal?: AbortSignal,
) => schema.parse((await apiGet<unknown>(path, query, signal)).data);

export const useWhoami = () =>
  useQuery({
    queryKey: adminKeys.whoami,
    queryFn: ({ signal }) => get('/api/admin/whoami', adminWhoamiSchema, {}, signal),
  });

export const useStaffList = (q: string) =>
  usePagedList({
    queryKey: adminKeys.staff(q),
    fetchPage: (cursor, signal) =>
      get('/api/admin/staff', adminStaffListSchema, { cursor: cursor ?? '', limit: PAGE, ...(q ? { q } : {}) }, signal),
  });

export const useTeams = () =>
  useQuery({
    queryKey: adminKeys.teams,
    queryFn: ({ signal }) => get('/api/admin/teams', z.array(adminTeamSchema), {}, signal),
  });

export const useNotices = () =>
  useQuery({
    queryKey: adminKeys.notices,
    queryFn: ({ signal }) => get('/api/admin/notices', z.array(adminNoticeSchema), {}, signal),
  });

export const useSettings = () =>
  useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => get('/api/admin/settings', adminSettingsSchema, {}, signal),
  });

export const useAudit = () =>
  usePagedList({
    queryKey: adminKeys.audit,
    fetchPage: (cursor, signal) =>
      get('/api/admin/audit', adminAuditListSchema, { cursor: cursor ?? '', limit: PAGE }, signal),
  });

export const useCompanies = () =>
  useQuery({
    queryKey: adminKeys.companies,
    queryFn: ({ signal }) => get('/api/admin/companies', z.array(adminCompanySchema), {}, signal),
  });

export const useRefs = (kind: RefKind, parentId: number | null) =>
  usePagedList({
    queryKey: adminKeys.refs(kind, parentId),
    fetchPage: (cursor, signal) =>
      get(
        '/api/admin/refs',
        adminRefListSchema,
        { kind, cursor: cursor ?? '', limit: PAGE, ...(parentId === null ? {} : { parent_id: parentId }) },
        signal,
      ),
  });

export const useProducts = () =>
  usePagedList({
    queryKey: adminKeys.products,
    fetchPage: (cursor, signal) =>
      get('/api/admin/products', adminProductListSchema, { cursor: cursor ?? '', limit: PAGE }, signal),
  });

export const usePapers = () =>
  usePagedList({
    queryKey: adminKeys.papers,
    fetchPage: (cursor, signal) =>
      get('/api/admin/papers', adminPaperListSchema, { cursor: cursor ?? '', limit: PAGE }, signal),
  });

export const useFaqEntries = () =>
  usePagedList({
    queryKey: adminKeys.faq,
    fetchPage: (cursor, signal) =>
      get('/api/admin/faq', adminFaqListSchema, { cursor: cursor ?? '', limit: PAGE }, signal),
  });

/** One paper as its file's object, for the edit form. */
export const usePaperFile = (id: number) =>
  useQuery({
    queryKey: adminKeys.paper(id),
    queryFn: ({ signal }) => get('/api/admin/papers/entry', adminPaperEntrySchema, { id }, signal),
  });

/** One activity as its file entry's object, for the edit form. */
export const useActivitySpec = (id: number) =>
  useQuery({
    queryKey: adminKeys.activity(id),
    queryFn: ({ signal }) => get('/api/admin/activities/entry', adminActivityEntrySchema, { id }, signal),
  });

/** One FAQ entry with its body, for the edit form. */
export const useFaqEntry = (id: number) =>
  useQuery({
    queryKey: adminKeys.faqEntry(id),
    queryFn: ({ signal }) => get('/api/admin/faq/entry', adminFaqEntrySchema, { id }, signal),
  });

export const useActivities = () =>
  usePagedList({
    queryKey: adminKeys.activities,
    fetchPage: (cursor, signal) =>
      get('/api/admin/activities', adminActivityListSchema, { cursor: cursor ?? '', limit: PAGE }, signal),
  });

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
