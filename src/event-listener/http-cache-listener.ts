import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ControllerEvent } from '../event/controller-event.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { Priority } from './priorities.ts';
import type { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import type { CacheConfiguration } from '../decorators/configuration.ts';
import { applyCacheHeaders } from '../cache/cache-headers.ts';
import { evaluateAttributeExpression, toDate } from '../cache/attribute-expression.ts';
import { etagFor } from '../cache/etag.ts';

/**
 * With the other kernel.response listeners of the reference at 0: after the controller,
 * before the profiler (-100) and the session listener (-1000) look at the final headers.
 */
const CACHE_RESPONSE_PRIORITY = 0;

interface Validators {
  etag?: string;
  lastModified?: Date;
}

/**
 * `@Cache`. Before the controller: computes the declared ETag (SHA-256 of the value) and
 * Last-Modified from the request attributes (entities are converted by then), and answers
 * a conditional request that is not modified with a 304 without running the controller:
 * the controller is replaced by one returning the 304 and propagation stops. After it:
 * adds the declared headers to cacheable responses, keeping whatever the controller set.
 */
export class HttpCacheListener implements EventSubscriber {
  readonly #validators = new WeakMap<Request, Validators>();

  getSubscribedEvents(): SubscribedEvents {
    return {
      [KernelEvents.CONTROLLER]: ['onKernelController', Priority.CONTROLLER_DEFAULT],
      [KernelEvents.RESPONSE]: ['onKernelResponse', CACHE_RESPONSE_PRIORITY],
    };
  }

  onKernelController(event: ControllerEvent): void {
    const request = event.request;
    const configuration = request.attributes.get('_cache') as CacheConfiguration | undefined;
    if (configuration === undefined || (configuration.lastModified === undefined && configuration.etag === undefined)) return;
    const attributes = request.attributes.all();
    const validators: Validators = {};
    if (configuration.lastModified !== undefined) {
      validators.lastModified = toDate(evaluateAttributeExpression(configuration.lastModified, attributes), configuration.lastModified);
    }
    if (configuration.etag !== undefined) {
      const value = evaluateAttributeExpression(configuration.etag, attributes);
      // Nothing to tag (an optional entity that is absent): no ETag, rather than one every absent entity shares.
      if (value !== undefined && value !== null) validators.etag = etagFor(value);
    }
    // Only a conditional request can be answered with a 304: the others need no response to compare against.
    if (isConditional(request)) {
      const response = new Response();
      response.setLastModified(validators.lastModified);
      response.setEtag(validators.etag);
      if (response.isNotModified(request)) {
        const notModified = () => response;
        event.setController(notModified);
        event.stopPropagation();
        return;
      }
    }
    this.#validators.set(request, validators);
  }

  onKernelResponse(event: ResponseEvent): void {
    const request = event.request;
    const configuration = request.attributes.get('_cache') as CacheConfiguration | undefined;
    if (configuration === undefined) return;
    const response = event.response;
    if (!applyCacheHeaders(response, configuration)) return;
    const validators = this.#validators.get(request);
    if (validators === undefined) return;
    this.#validators.delete(request);
    if (validators.lastModified !== undefined && !response.headers.has('Last-Modified')) response.setLastModified(validators.lastModified);
    if (validators.etag !== undefined && !response.headers.has('ETag')) response.setEtag(validators.etag);
  }
}

/** Whether the request carries a validator a 304 could answer. */
function isConditional(request: Request): boolean {
  return request.headers.has('if-none-match') || request.headers.has('if-modified-since');
}
