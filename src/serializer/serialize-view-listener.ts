import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ViewEvent } from '../event/view-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { Response } from '../http/response.ts';
import type { Request } from '../http/request.ts';
import { parseAcceptHeader } from '../http/accept-header.ts';
import { NotAcceptableHttpException } from '../exception/not-acceptable-http-exception.ts';
import { Priority } from '../event-listener/priorities.ts';
import { normalize } from './normalizer.ts';
import { View } from './view.ts';

/** The formats written, with their media types (the first is the one sent). */
const formats: Readonly<Record<string, readonly string[]>> = { json: ['application/json'] };

/**
 * Serializes what a controller returned when it is data (a View, a plain object, an
 * array, a class instance) rather than a Response: the format comes from the request's
 * `_format`, else from Accept; a client accepting none of them gets a 406. Dates are
 * written as ISO 8601 and a View's groups choose the properties (see normalize).
 */
export class SerializeViewListener implements EventSubscriber {
  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.VIEW]: ['onKernelView', Priority.SERIALIZE_VIEW] };
  }

  onKernelView(event: ViewEvent): void {
    if (event.response !== undefined) return;
    const result = event.controllerResult;
    if (result === null || typeof result !== 'object') return;
    const view = result instanceof View ? result : new View(result);
    const format = negotiate(event.request);
    if (format === undefined) throw new NotAcceptableHttpException(`None of the formats "${Object.keys(formats).join('", "')}" is acceptable to the client.`);
    const body = view.status === 204 ? '' : JSON.stringify(normalize(view.data, view.groups) ?? null);
    event.setResponse(new Response(body, view.status, { 'Content-Type': formats[format]![0]!, ...view.headers }));
  }
}

/** `_format` when set (and known), else the client's most preferred known type; undefined when nothing fits. */
export function negotiate(request: Request): string | undefined {
  const set = request.getRequestFormat(null);
  if (set !== undefined && formats[set] !== undefined) return set;
  const accept = parseAcceptHeader(request.headers.get('accept'));
  if (accept.length === 0) return 'json';
  for (const item of accept) {
    for (const [format, types] of Object.entries(formats)) {
      if (item.value === '*/*' || types.some((type) => type === item.value || (item.value.endsWith('/*') && type.startsWith(item.value.slice(0, -1))))) return format;
    }
  }
  return undefined;
}
