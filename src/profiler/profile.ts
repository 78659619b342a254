/** A profile as storages keep it and `/_profiler/{token}.json` shows it: plain JSON. */
export interface ProfileData {
  readonly token: string;
  readonly parent: string | null;
  readonly children: readonly string[];
  readonly ip: string;
  readonly method: string;
  readonly url: string;
  /** Epoch milliseconds when the profile was collected. */
  readonly time: number;
  readonly statusCode: number;
  /** Each data collector's data, by collector name. */
  readonly collectors: Readonly<Record<string, unknown>>;
}

/**
 * What the profiler learned about one request. Sub-requests (the error page's) get their
 * own profile, linked to the main request's as a child.
 */
export class Profile {
  readonly token: string;
  parent: Profile | undefined;
  /** Kept when the parent itself is not loaded (a profile read from storage). */
  parentToken: string | null = null;
  readonly children: Profile[] = [];
  childTokens: string[] = [];
  ip = '';
  method = '';
  url = '';
  time = 0;
  statusCode = 0;
  readonly collectors = new Map<string, unknown>();

  constructor(token: string) {
    this.token = token;
  }

  addChild(child: Profile): void {
    child.parent = this;
    child.parentToken = this.token;
    this.children.push(child);
    if (!this.childTokens.includes(child.token)) this.childTokens.push(child.token);
  }

  /** A collector's data, typed by the caller (each collector exports its data type). */
  getCollector<T>(name: string): T | undefined {
    return this.collectors.get(name) as T | undefined;
  }

  hasCollector(name: string): boolean {
    return this.collectors.has(name);
  }

  toJSON(): ProfileData {
    return {
      token: this.token,
      parent: this.parent?.token ?? this.parentToken,
      children: [...this.childTokens],
      ip: this.ip,
      method: this.method,
      url: this.url,
      time: this.time,
      statusCode: this.statusCode,
      collectors: Object.fromEntries(this.collectors),
    };
  }

  static fromJSON(data: ProfileData): Profile {
    const profile = new Profile(data.token);
    profile.parentToken = data.parent;
    profile.childTokens = [...data.children];
    profile.ip = data.ip;
    profile.method = data.method;
    profile.url = data.url;
    profile.time = data.time;
    profile.statusCode = data.statusCode;
    for (const [name, value] of Object.entries(data.collectors)) profile.collectors.set(name, value);
    return profile;
  }
}
