import type { FastifyRequest } from 'fastify';

/**
 * Where links the server hands out point: PUBLIC_URL when set (behind a proxy the request's own host may be
 * an internal name), else the scheme and host the request came in on.
 */
export const requestOrigin = (publicUrl: string | undefined) => (request: FastifyRequest) =>
  publicUrl ?? `${request.protocol}://${request.host}`;
