import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@crm/domain/endpoints';
import * as E from '@crm/domain/endpoints/admin';
import type { pageRequestSchema } from '@crm/domain/api/page';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes, type Staff } from '../../plugins/staff-routes.ts';
import type { AdminService } from './admin.service.ts';
import { ADMIN_TEXTS as T } from './admin.texts.ts';

/** The back office's calls (decision 057): staff sessions only; the service asks the admin grants. */
export async function adminRoutes(root: FastifyInstance, { admin }: { admin: AdminService }) {
  servePrincipals(root, ['staff']);
  const { get, post } = staffRoutes(root, ['admin']);
  const saved = { msg: T.saved };
  const added = { msg: T.added };

  /** A kind of record the back office keeps (staff, teams, …): its list, add and update calls, the service's `kind` answering. */
  const listAddUpdate = <
    LQ extends z.ZodType,
    LR extends z.ZodType,
    AB extends z.ZodType,
    AR extends z.ZodType,
    UB extends z.ZodType,
    UR extends z.ZodType,
  >(
    kind: {
      list(me: Staff, q: z.output<LQ>): Promise<z.input<LR>>;
      add(me: Staff, form: z.output<AB>): Promise<z.input<AR>>;
      update(me: Staff, form: z.output<UB>): Promise<z.input<UR>>;
    },
    calls: { list: Endpoint<LQ, LR>; add: Endpoint<AB, AR>; update: Endpoint<UB, UR> },
  ) => {
    get(calls.list, (me, q) => kind.list(me, q));
    post(calls.add, (me, form) => kind.add(me, form), added);
    post(calls.update, (me, form) => kind.update(me, form), saved);
  };

  /**
   * A kind kept as files (papers, activities, FAQ), served by the service's `kind`: listed, uploaded as a file,
   * read back for a form, saved.
   */
  const fileKind = <
    LR extends z.ZodType,
    UB extends z.ZodType,
    UR extends z.ZodType,
    EQ extends z.ZodType<{ id: number }>,
    ER extends z.ZodType,
    SB extends z.ZodType,
    SR extends z.ZodType,
  >(
    kind: {
      list: (me: Staff, page: z.output<typeof pageRequestSchema>) => Promise<z.input<LR>>;
      upload: (me: Staff, form: z.output<UB>) => Promise<z.input<UR>>;
      entry: (me: Staff, q: z.output<EQ>) => Promise<z.input<ER>>;
      save: (me: Staff, form: z.output<SB>) => Promise<z.input<SR>>;
    },
    calls: {
      list: Endpoint<typeof pageRequestSchema, LR>;
      upload: Endpoint<UB, UR>;
      entry: Endpoint<EQ, ER>;
      save: Endpoint<SB, SR>;
    },
  ) => {
    get(calls.list, kind.list);
    post(calls.upload, kind.upload, saved);
    get(calls.entry, kind.entry);
    post(calls.save, kind.save, saved);
  };

  get(E.whoami, (me) => admin.whoami(me));
  listAddUpdate(admin.staff, { list: E.staffList, add: E.staffAdd, update: E.staffUpdate });
  listAddUpdate(admin.teams, { list: E.teamsList, add: E.teamsAdd, update: E.teamsUpdate });
  listAddUpdate(admin.notices, { list: E.noticesList, add: E.noticesAdd, update: E.noticesUpdate });
  get(E.settings, (me) => admin.settings(me));
  post(E.settingsUpdate, (me, form) => admin.updateSettings(me, form), saved);
  get(E.audit, (me, page) => admin.listAudit(me, page));
  listAddUpdate(admin.refs, { list: E.refsList, add: E.refsAdd, update: E.refsUpdate });
  listAddUpdate(admin.products, { list: E.productsList, add: E.productsAdd, update: E.productsUpdate });
  fileKind(admin.papers, { list: E.papersList, upload: E.papersUpload, entry: E.papersEntry, save: E.papersSave });
  fileKind(admin.activities, {
    list: E.activitiesList,
    upload: E.activitiesUpload,
    entry: E.activitiesEntry,
    save: E.activitiesSave,
  });
  fileKind(admin.faq, { list: E.faqList, upload: E.faqUpload, entry: E.faqEntry, save: E.faqSave });
  listAddUpdate(admin.companies, { list: E.companiesList, add: E.companiesAdd, update: E.companiesUpdate });
}
