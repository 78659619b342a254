import { controllerName, type Controller } from '../controller/controller.ts';

/** How consoles show a route's `_controller` default: as written, or the callable's name. */
export function describeController(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'function' || (Array.isArray(value) && value.length === 2)) return controllerName(value as Controller);
  if (typeof value === 'object') return `${value.constructor.name}::__invoke`;
  return String(value);
}
