import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { StaffIdentity } from '../modules/staff/index.ts';

export const SESSION_COOKIE = 'crm_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireStaff`; routes behind it read the caller from here, never from the body. */
    staff: StaffIdentity | null;
  }
  interface FastifyInstance {
    requireStaff: (request: FastifyRequest) => Promise<void>;
    setSessionCookie: (reply: FastifyReply, token: string) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

export interface SessionPluginOptions {
  auth: AuthService;
  secure: boolean;
  ttlMs: number;
}

export const sessionPlugin = fp(async (app: FastifyInstance, { auth, secure, ttlMs }: SessionPluginOptions) => {
  app.decorateRequest('staff', null);

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    request.staff = await auth.resolveSession(request.cookies[SESSION_COOKIE]);
  });

  app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: Math.floor(ttlMs / 1000),
    });
  });

  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});

/** The caller of a route guarded by requireStaff. */
export function currentStaff(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new Error('route is missing the requireStaff guard');
  return request.staff;
}
