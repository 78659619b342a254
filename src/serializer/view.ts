export interface ViewOptions {
  status?: number;
  headers?: Record<string, string>;
  /** Only the properties in one of these groups are written (see serializationGroups). */
  groups?: readonly string[];
}

/**
 * What a controller returns to have data serialized with a status, headers or groups:
 * `return new View(event, { status: 201, headers: { Location: url }, groups: ['event:read'] })`.
 * A plain object or array returned alone is serialized the same way, with status 200.
 */
export class View {
  readonly data: unknown;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly groups: readonly string[] | undefined;

  constructor(data: unknown, options: ViewOptions = {}) {
    this.data = data;
    this.status = options.status ?? 200;
    this.headers = options.headers ?? {};
    this.groups = options.groups;
  }
}
