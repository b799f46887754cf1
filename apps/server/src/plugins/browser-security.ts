import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '../errors.ts';

export interface BrowserSecurityOptions {
  /** HSTS only where the site is served over HTTPS for good (production). */
  isProduction: boolean;
  /** The public origin when the server sits behind a proxy that rewrites Host (PUBLIC_URL). */
  publicUrl: string | undefined;
}

/*
 * The SPA is one origin whose only inline script is index.html's display-mode snippet (apps/web/src/lib/
 * display-mode.ts), allowed by its hash on that page alone, so the policy stays strict. Styles allow
 * 'unsafe-inline' because antd-mobile sets style attributes; images allow blob: and data: for the previews made
 * before upload, and WeCom's QR images. The app is never framed: WeCom opens it top-level.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // wework.qpic.cn: WeCom's contact-me QR images (渠道活码, decision 083).
    "img-src 'self' data: blob: https://wework.qpic.cn",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** The CSP source of each inline classic script of a built page (`sha256-…`), to allow exactly those. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].flatMap(([, body]) =>
    body ? [`sha256-${createHash('sha256').update(body).digest('base64')}`] : [],
  );
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers on every answer, and a same-origin check on every state-changing call: the session
 * cookie is SameSite=Lax, which a page of the same site on another port (or a sibling subdomain) still
 * gets sent, so a POST must come from our own origin. Calls without an Origin header (curl, server to
 * server, older WebViews on same-origin POSTs) carry no ambient browser authority worth refusing.
 */
export const browserSecurityPlugin = fp(
  async (app: FastifyInstance, { isProduction, publicUrl }: BrowserSecurityOptions) => {
    const publicHost = publicUrl ? new URL(publicUrl).host : null;

    // Callback hooks, as on every hook a request always passes: an async one costs a promise per request.
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      const origin = SAFE_METHODS.has(request.method) ? undefined : request.headers.origin;
      if (!origin) return done();
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        return done(new ForbiddenError('请求来源无效'));
      }
      done(originHost === request.host || originHost === publicHost ? undefined : new ForbiddenError('请求来源无效'));
    });

    app.addHook('onSend', (_request, reply, payload, done) => {
      // The API documentation pages bring their own policy (@fastify/swagger-ui), the SPA's page one with its
      // script's hash; keep it.
      if (!reply.hasHeader('content-security-policy'))
        void reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      void reply.header('x-frame-options', 'DENY');
      void reply.header('x-content-type-options', 'nosniff');
      void reply.header('referrer-policy', 'same-origin');
      if (isProduction) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      done(null, payload);
    });
  },
);
