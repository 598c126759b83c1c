import type { FastifyRequest } from 'fastify';

/**
 * A route's rate limit (@fastify/rate-limit's route config) per signed-in person rather than per
 * address: a group behind one network shares an address. Counted after the access check
 * (preHandler), so refused calls are not counted.
 */
export function perUser(max: number, timeWindow: number) {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `user:${request.auth?.user.id ?? request.ip}`,
    },
  };
}
