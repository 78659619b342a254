import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** What the multipart parser gives for a file part (a WHATWG File). */
export interface FilePart {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * A file uploaded in a multipart/form-data body. The bytes are held in memory (the body
 * limit bounds them) until the application keeps them with `moveTo`.
 */
export class UploadedFile {
  /** The file name the client sent. Never use it as a path as it stands. */
  readonly name: string;
  /** The media type the client claimed; check the bytes before trusting it. */
  readonly type: string;
  readonly size: number;
  readonly #part: FilePart;

  constructor(part: FilePart) {
    this.#part = part;
    this.name = part.name;
    this.type = part.type;
    this.size = part.size;
  }

  async bytes(): Promise<Buffer> {
    return Buffer.from(await this.#part.arrayBuffer());
  }

  /** Writes the file to `path`, creating its directory, replacing a file already there. */
  async moveTo(path: string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, await this.bytes());
  }
}
