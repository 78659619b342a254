import type { S3Client } from '@aws-sdk/client-s3';
import { ServiceUnavailableHttpException } from 'sluice';
import { assertPictureName, type PictureStore, type StoredPicture } from './picture-store.ts';
import { pictureEtag } from './picture-etag.ts';

/** Where the pictures go: a bucket, on AWS or on any S3-compatible server (S3_* variables, see s3-settings.ts). */
export interface S3PictureStoreOptions {
  bucket: string;
  /** `https://s3.example.com`: another S3-compatible server, addressed path-style (`/bucket/key`). Omitted: AWS. */
  endpoint?: string;
  region: string;
  /** Omitted: the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every picture's name, so one bucket can hold several sites' pictures. */
  prefix?: string;
}

/** The object's metadata key holding the picture's ETag, computed from its bytes when it is saved. */
const ETAG_METADATA = 'picture-etag';

/**
 * Pictures as objects in an S3 bucket, so every instance reads what any of them took.
 * The SDK is loaded on the first request, as the database drivers are: an application that
 * keeps pictures elsewhere does not carry it. Requests give up after a second without a
 * connection and are tried twice at most, so an unreachable server answers 503 quickly
 * instead of holding the request through the SDK's longer default retries.
 */
export class S3PictureStore implements PictureStore {
  readonly #options: S3PictureStoreOptions;
  #client: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;

  constructor(options: S3PictureStoreOptions) {
    this.#options = options;
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    assertPictureName(name);
    const { client, sdk } = await this.#connect();
    await this.#send(() => client.send(new sdk.PutObjectCommand({
      Bucket: this.#options.bucket,
      Key: this.#key(name),
      Body: bytes,
      ContentType: 'image/jpeg',
      Metadata: { [ETAG_METADATA]: pictureEtag(bytes) },
    })));
  }

  async get(name: string): Promise<StoredPicture | undefined> {
    assertPictureName(name);
    const { client, sdk } = await this.#connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.#options.bucket, Key: this.#key(name) }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      // An object put by another tool has no such metadata: its tag is computed the same way.
      return { bytes, etag: object.Metadata?.[ETAG_METADATA] ?? pictureEtag(bytes) };
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
      throw unavailable(error);
    }
  }

  async remove(name: string): Promise<void> {
    assertPictureName(name);
    const { client, sdk } = await this.#connect();
    // S3 answers a deletion of a key it does not hold with success, as the contract wants.
    await this.#send(() => client.send(new sdk.DeleteObjectCommand({ Bucket: this.#options.bucket, Key: this.#key(name) })));
  }

  async close(): Promise<void> {
    const connected = this.#client;
    this.#client = undefined;
    if (connected !== undefined) (await connected).client.destroy();
  }

  #key(name: string): string {
    return `${this.#options.prefix ?? ''}${name}`;
  }

  async #send<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw unavailable(error);
    }
  }

  #connect(): Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> {
    this.#client ??= loadSdk().then((sdk) => {
      const { endpoint, region, credentials } = this.#options;
      const client = new sdk.S3Client({
        region,
        ...(endpoint !== undefined && { endpoint, forcePathStyle: true }),
        ...(credentials !== undefined && { credentials }),
        maxAttempts: 2,
        requestHandler: { connectionTimeout: 1000, requestTimeout: 10_000 },
      });
      return { client, sdk };
    });
    return this.#client;
  }
}

/** The SDK is a development dependency of this repository: sluice does not make every application install it. */
async function loadSdk(): Promise<typeof import('@aws-sdk/client-s3')> {
  try {
    return await import('@aws-sdk/client-s3');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error('APP_STORAGE=s3 needs the "@aws-sdk/client-s3" package: run `npm install @aws-sdk/client-s3`.', { cause: error });
  }
}

/**
 * A failure to reach the store, or a store in trouble (5xx), is an outage of a service the
 * request needs: 503, worth retrying in a few seconds. Any other answer (a missing bucket,
 * refused credentials) is a configuration error and stays one.
 */
function unavailable(error: unknown): unknown {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined && status < 500) return error;
  return new ServiceUnavailableHttpException(5, `The picture store (S3) is unreachable: ${(error as Error).message}`, { cause: error });
}
