import { UnprocessableEntityHttpException } from '../exception/unprocessable-entity-http-exception.ts';
import { LogLevel } from '../log/level.ts';
import type { Violation } from './violation.ts';

/**
 * 422: a well-formed payload that its schema refuses. The client made the mistake, so it
 * is logged at INFO, not ERROR; its problem+json lists the violations.
 */
export class ValidationFailedHttpException extends UnprocessableEntityHttpException {
  readonly violations: readonly Violation[];

  constructor(violations: readonly Violation[]) {
    super(violations.map((v) => (v.propertyPath === '' ? v.title : `${v.propertyPath}: ${v.title}`)).join('\n'), { logLevel: LogLevel.INFO });
    this.violations = violations;
  }

  /** The members problem+json adds (Symfony's ConstraintViolationList normalizer). */
  problemDetails(): Record<string, unknown> {
    return { type: 'https://symfony.com/errors/validation', title: 'Validation Failed', detail: this.message, violations: this.violations };
  }
}
