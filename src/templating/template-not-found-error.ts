import { TemplateError } from './template-error.ts';

/**
 * A template name that no loader can find. The message says where it was looked for, and
 * `referencedFrom` / `line` say which template asked for it (an include or extends).
 */
export class TemplateNotFoundError extends TemplateError {
  readonly missingName: string;
  readonly lookedInto: readonly string[];

  constructor(missingName: string, lookedInto: readonly string[] = [], referencedFrom?: { templateName: string; line?: number | undefined }) {
    const where = lookedInto.length === 0 ? '' : ` (looked into: ${lookedInto.join(', ')})`;
    super(`Unable to find template "${missingName}"${where}.`, { templateName: referencedFrom?.templateName, line: referencedFrom?.line });
    this.missingName = missingName;
    this.lookedInto = lookedInto;
  }
}
