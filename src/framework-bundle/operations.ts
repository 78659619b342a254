import type { Kernel } from '../kernel/kernel.ts';
import { requestIdOf } from '../http/request-id.ts';
import { HEALTH_PATHS, HealthChecks } from './health-checks.ts';
import { securityHeaders } from './security-headers.ts';
import { knownHeader } from '../http/response-header-bag.ts';
import type { RedisSessionStore } from '../session/redis-session-store.ts';
import { RateLimiters } from '../rate-limiter/rate-limiters.ts';
import { addRateLimitHeaders } from '../rate-limiter/rate-limit-headers.ts';
import { RateLimitingControllerResolver } from '../rate-limiter/rate-limiting-controller-resolver.ts';

/** The echoed id's header, its name worked out once (see knownHeader). */
const requestIdHeader = knownHeader('X-Request-Id');

declare module '../kernel/container.ts' {
  interface ServiceMap {
    /** Readiness checks: bundles add theirs (database, Redis, directories). */
    health_checks: HealthChecks;
    /** The named limiters `@RateLimit` uses: bundles define them while they build. */
    rate_limiters: RateLimiters;
  }
}

/**
 * What operators rely on, on every main response and outside the kernel's events (so
 * that no listener is added to the chains the logs show): the `X-Request-Id` echoed, and
 * the security headers, the access log entry when configured; and the health probes, answered before the events.
 */
export function configureOperations(kernel: Kernel): void {
  const health = new HealthChecks({ showErrors: kernel.debug });
  kernel.container.set('health_checks', health);
  kernel.directRoutes.set(HEALTH_PATHS.live, () => health.live());
  kernel.directRoutes.set(HEALTH_PATHS.ready, () => health.ready());
  if (kernel.config.session.store === 'redis') {
    health.add('redis', () => (kernel.container.get('session.store') as RedisSessionStore).ping());
  }

  kernel.responseFinishers.push((request, response) => {
    response.headers.setKnown(requestIdHeader, requestIdOf(request));
  });
  if (kernel.config.securityHeaders !== false) kernel.responseFinishers.push(securityHeaders(kernel.config.securityHeaders));
  configureRateLimits(kernel);
  const accessLog = kernel.container.find('logger.access');
  if (accessLog !== undefined) kernel.responseFinishers.push((request, response, startedAt) => accessLog.record(request, response, startedAt));
}

/** `@RateLimit` on controllers: the named limiters, and the controller resolver that enforces them. */
function configureRateLimits(kernel: Kernel): void {
  const { container } = kernel;
  const limiters = new RateLimiters({ onFirst: () => kernel.responseFinishers.push(addRateLimitHeaders) });
  container.set('rate_limiters', limiters);
  container.set('controller_resolver', new RateLimitingControllerResolver(container.get('controller_resolver'), {
    limiters,
    requestStack: container.get('request_stack'),
    userOf: async (request) => (await container.find('security')?.getUser(request))?.identifier,
  }));
}
