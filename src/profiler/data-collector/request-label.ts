import type { Request } from '../../http/request.ts';

/** How a request of a profile's tree is named in panels: `GET /path`, or what a sub-request runs. */
export function requestLabel(request: Request, isMain: boolean): string {
  const controller = request.attributes.get('_controller');
  const runs = !isMain && typeof controller === 'string' ? ` (${controller})` : '';
  return `${isMain ? '' : 'sub-request '}${request.method} ${displayPath(request)}${runs}`;
}

/** The decoded path, or the raw one when it does not decode (the 400 of a malformed percent-encoding is profiled too). */
export function displayPath(request: Request): string {
  try {
    return request.pathInfo;
  } catch {
    return request.rawPath;
  }
}
