import { ResourceNotFoundException } from './resource-not-found-exception.ts';

/**
 * Nothing matched "/" and no route even came close: the application most likely has no
 * homepage route yet. It is a not-found error, so callers that only know 404 still work;
 * a debug front end may answer it with a welcome page instead.
 */
export class NoConfigurationException extends ResourceNotFoundException {
  override name = 'NoConfigurationException';
}
