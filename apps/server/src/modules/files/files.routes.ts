import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { ownerOf, type FileOwner, type FilesService } from './files.service.ts';
import { FILES_TEXTS as T } from './files.texts.ts';

const imageQuery = z.object({
  v: z.enum(['full', 'thumb']).default('full'),
  exp: z.coerce.number().int(),
  sig: z.string().min(1).max(128),
});
const imageParams = z.object({ id: z.coerce.number().int().positive() });

export interface FilesRoutesOptions {
  files: FilesService;
  /** Throws (403/404) unless `me` may see what the owner holds: the owner module decides, per kind. */
  mayRead: (me: StaffIdentity, owner: FileOwner) => Promise<void>;
}

/** The signed image route every module's image links point to. */
export async function filesRoutes(root: FastifyInstance, { files, mayRead }: FilesRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);

  app.get(
    '/common/img/:id',
    {
      schema: {
        tags: ['files'],
        summary: '图片（签名地址，5 分钟有效）',
        params: imageParams,
        querystring: imageQuery,
      },
    },
    async (request, reply) => {
      const me = currentStaff(request);
      const { v, exp, sig } = request.query;
      if (!files.verifyLink({ fileId: request.params.id, variant: v, expires: exp, sig, staffId: me.id }))
        throw new ForbiddenError(T.imageForbidden);
      const file = await files.findOne(me.corpId, request.params.id);
      if (!file) throw new NotFoundError(T.imageNotFound);
      await mayRead(me, ownerOf(file));
      if (file.erasedAt) throw new NotFoundError(T.imageErased);
      const image = await files.read(file, v);
      if (!image) throw new NotFoundError(T.imageNotFound);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(image.body);
    },
  );
}
