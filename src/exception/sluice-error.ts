import { errorCodes, type ErrorParameters, type SluiceErrorCode } from './error-codes.ts';

/** Where the documentation page of the framework's error codes lives, from the package root. */
export const ERRORS_PAGE = 'docs/errors.md';

/**
 * An error of the framework's own, for a misuse the application can fix: a configuration
 * value, a decorator in the wrong place, a bundle missing. Its `code` is stable (tests and
 * tools may match it; the message may be reworded), and `docs` names the section of
 * docs/errors.md that says what to do.
 */
export class SluiceError<C extends SluiceErrorCode = SluiceErrorCode> extends Error {
  override name = 'SluiceError';
  readonly code: C;

  constructor(code: C, parameters: ErrorParameters<C>, options?: ErrorOptions) {
    super(formatMessage(errorCodes[code].message, parameters as Readonly<Record<string, unknown>>), options);
    this.code = code;
  }

  /** What to do about it, from the registry. */
  get fix(): string {
    return errorCodes[this.code].fix;
  }

  /** The page and anchor that document the code. */
  get docs(): string {
    return `${ERRORS_PAGE}#${anchorOf(this.code)}`;
  }
}

/** The anchor a Markdown renderer gives the code's heading. */
export function anchorOf(code: SluiceErrorCode): string {
  return code.toLowerCase();
}

/** The template with each `{name}` replaced by its parameter. */
export function formatMessage(template: string, parameters: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{([A-Za-z_]\w*)\}/g, (placeholder, name: string) =>
    Object.hasOwn(parameters, name) ? String(parameters[name]) : placeholder,
  );
}
