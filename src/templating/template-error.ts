export interface TemplateErrorOptions {
  templateName?: string | undefined;
  line?: number | undefined;
  cause?: unknown;
}

/**
 * A template failed to load, compile or render. The message ends with where:
 * `Unknown "foo" function in "event/show.html.twig" at line 3.`, as the reference's Twig
 * writes it, so a log line or an error page points at the fix.
 */
export class TemplateError extends Error {
  readonly rawMessage: string;
  readonly templateName: string | undefined;
  readonly templateLine: number | undefined;

  constructor(rawMessage: string, options: TemplateErrorOptions = {}) {
    super(withLocation(rawMessage, options.templateName, options.line), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.rawMessage = rawMessage;
    this.templateName = options.templateName;
    this.templateLine = options.line;
  }
}

function withLocation(message: string, name: string | undefined, line: number | undefined): string {
  if (name === undefined) return message;
  const [text, dot] = message.endsWith('.') ? [message.slice(0, -1), '.'] : [message, ''];
  return `${text} in "${name}"${line === undefined ? '' : ` at line ${line}`}${dot || '.'}`;
}
