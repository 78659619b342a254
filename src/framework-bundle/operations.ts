import type { Kernel } from '../kernel/kernel.ts';
import { requestIdOf } from '../http/request-id.ts';

/**
 * What operators rely on, on every main response and outside the kernel's events (so
 * that no listener is added to the chains the logs show): the `X-Request-Id` echoed, and
 * the access log entry when configured.
 */
export function configureOperations(kernel: Kernel): void {
  kernel.responseFinishers.push((request, response) => {
    response.headers.set('X-Request-Id', requestIdOf(request));
  });
  const accessLog = kernel.container.find('logger.access');
  if (accessLog !== undefined) kernel.responseFinishers.push((request, response, startedAt) => accessLog.record(request, response, startedAt));
}
