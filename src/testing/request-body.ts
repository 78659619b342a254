import { SluiceError } from '../exception/sluice-error.ts';
/** A file to upload: what a browser sends for an `<input type="file">`. */
export interface UploadFile {
  /** The file name the browser reports. */
  name: string;
  /** The media type the browser reports; default `application/octet-stream`. */
  type?: string;
  content: Buffer | string;
}

export type FormValue = string | number | boolean | readonly (string | number | boolean)[];

export interface BodyInput {
  /** Sent as `application/json`. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`, or as multipart fields when there are files. */
  form?: Record<string, FormValue>;
  /** Sent as `multipart/form-data`, with `form`'s fields. */
  files?: Record<string, UploadFile>;
  /** Bytes sent as they are (set the Content-Type header yourself). */
  body?: string | Buffer;
}

export interface EncodedBody {
  body: Buffer;
  contentType: string | undefined;
}

/** The bytes and Content-Type a browser or HTTP client would send for the input; undefined for no body. */
export async function encodeBody(input: BodyInput): Promise<EncodedBody | undefined> {
  const given = (['json', 'form', 'files', 'body'] as const).filter((key) => input[key] !== undefined);
  if (given.length > 1 && !(given.length === 2 && given.includes('form') && given.includes('files'))) {
    throw new SluiceError('SLUICE_TEST_TWO_BODIES', { given: given.join(' and ') });
  }
  if (input.body !== undefined) return { body: Buffer.from(input.body), contentType: undefined };
  if (input.json !== undefined) return { body: Buffer.from(JSON.stringify(input.json)), contentType: 'application/json' };
  const fields = Object.entries(input.form ?? {}).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((each) => [name, String(each)] as [string, string]));
  if (input.files !== undefined) {
    // Built by undici's FormData and Response, as fetch would send it.
    const data = new FormData();
    for (const [name, value] of fields) data.append(name, value);
    for (const [name, file] of Object.entries(input.files)) {
      data.append(name, new Blob([Buffer.from(file.content)], { type: file.type ?? 'application/octet-stream' }), file.name);
    }
    const encoded = new globalThis.Response(data);
    return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? undefined };
  }
  if (input.form !== undefined) return { body: Buffer.from(new URLSearchParams(fields).toString()), contentType: 'application/x-www-form-urlencoded' };
  return undefined;
}
