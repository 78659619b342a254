import type { StandardSchemaV1 } from '@standard-schema/spec';

/** One reason a payload is invalid, in the shape Symfony's serializer gives a constraint violation. */
export interface Violation {
  /** Where: `title`, `tags[0]`, `venue.city`; empty for the payload itself. */
  readonly propertyPath: string;
  /** What is wrong, as the schema library words it. */
  readonly title: string;
  /** The library's code for the rule (`too_small`, ...), when it gives one. */
  readonly code?: string;
}

/** The violations of a Standard Schema's issues. */
export function violationsOf(issues: readonly StandardSchemaV1.Issue[]): Violation[] {
  return issues.map((issue) => {
    const code = (issue as { code?: unknown }).code;
    return { propertyPath: propertyPath(issue.path ?? []), title: issue.message, ...(typeof code === 'string' && { code }) };
  });
}

function propertyPath(path: readonly (PropertyKey | StandardSchemaV1.PathSegment)[]): string {
  let text = '';
  for (const segment of path) {
    const key = typeof segment === 'object' ? segment.key : segment;
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}
