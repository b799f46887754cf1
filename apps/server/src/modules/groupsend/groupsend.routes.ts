import type { FastifyInstance } from 'fastify';
import * as G from '@crm/domain/endpoints/groupsend';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { GroupSendService } from './groupsend.service.ts';
import { GROUP_SEND_TEXTS as T } from './groupsend.texts.ts';

/** Group sends to customers (issue 50 point 2, decision 080): team leaders and company admins. */
export async function groupSendRoutes(root: FastifyInstance, { groupSend }: { groupSend: GroupSendService }) {
  const { get, post } = staffRoutes(root, ['groupsend']);
  get(G.groupSendOptions, (me) => groupSend.options(me));
  post(G.groupSendPreview, (me, q) => groupSend.preview(me, q));
  post(G.groupSendCreate, (me, form) => groupSend.create(me, form), { msg: T.created });
  post(G.groupSendList, (me, q) => groupSend.list(me, q));
  post(G.groupSendDetail, (me, q) => groupSend.detail(me, q.id));
  post(G.groupSendImage, (me, q) => groupSend.uploadImage(me, q.file), {
    config: IMAGE_UPLOAD_CONFIG,
    consumes: ['multipart/form-data'],
    msg: T.uploaded,
  });
  post(G.groupSendRefresh, (me, q) => groupSend.refresh(me, q.id), { msg: T.refreshed });
}
