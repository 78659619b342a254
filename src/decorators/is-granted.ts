import type { IsGrantedConfiguration } from './configuration.ts';
import { recordingDecorator, type ClassOrMethodDecorator } from './decorate.ts';

/**
 * Declares a permission the user must have before the controller runs (IsGrantedListener):
 * `@IsGranted('ROLE_ADMIN')`, `@IsGranted('EDIT', { subject: 'event', statusCode: 404 })`.
 * Several may be declared; all must pass, class-level first.
 */
export function IsGranted(attributes: string | readonly string[], options: Omit<IsGrantedConfiguration, 'attributes'> = {}): ClassOrMethodDecorator {
  return recordingDecorator('IsGranted', { alias: 'is_granted', value: isGrantedConfiguration(attributes, options) });
}

export function isGrantedConfiguration(attributes: string | readonly string[], options: Omit<IsGrantedConfiguration, 'attributes'> = {}): IsGrantedConfiguration {
  return Object.freeze({ ...options, attributes: typeof attributes === 'string' ? attributes : Object.freeze([...attributes]) });
}
