import type { PostgresConnection } from 'sluice/persistence';
import { assertPictureName, type PictureStore, type StoredPicture } from './picture-store.ts';
import { pictureEtag } from './picture-etag.ts';

/** The table's name (made by migration 20261126000002); its schema comes from the connection. */
export const PICTURE_TABLE = 'event_picture';

/**
 * Pictures in a PostgreSQL table (bytea), so every instance reads what any of them took.
 * A picture is a few hundred KiB at most (APP_MAX_IMAGE_BYTES), well within what a row
 * carries comfortably; the ETag is computed once, when the picture is saved.
 */
export class PostgresPictureStore implements PictureStore {
  readonly #connection: PostgresConnection;
  readonly #ownsConnection: boolean;

  /** `ownsConnection`: close the connection with the store (it was opened for pictures alone). */
  constructor(connection: PostgresConnection, ownsConnection = false) {
    this.#connection = connection;
    this.#ownsConnection = ownsConnection;
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    assertPictureName(name);
    await this.#connection.pool.query(
      `INSERT INTO ${this.#table} (name, bytes, etag) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET bytes = EXCLUDED.bytes, etag = EXCLUDED.etag`,
      [name, bytes, pictureEtag(bytes)],
    );
  }

  async remove(name: string): Promise<void> {
    assertPictureName(name);
    await this.#connection.pool.query(`DELETE FROM ${this.#table} WHERE name = $1`, [name]);
  }

  async get(name: string): Promise<StoredPicture | undefined> {
    assertPictureName(name);
    const result = await this.#connection.pool.query<{ bytes: Buffer; etag: string }>(`SELECT bytes, etag FROM ${this.#table} WHERE name = $1`, [name]);
    const row = result.rows[0];
    return row === undefined ? undefined : { bytes: row.bytes, etag: row.etag };
  }

  async close(): Promise<void> {
    if (this.#ownsConnection) await this.#connection.close();
  }

  get #table(): string {
    return this.#connection.qualify(PICTURE_TABLE);
  }
}
