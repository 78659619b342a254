// The file operations of FileProfilerStorage: a profile's file written, taken over or
// removed. Synchronous on purpose: see FileProfilerStorage.
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import type { ProfileData } from './profile.ts';

/**
 * Writes a profile over an existing file from its start and cuts the file to its length,
 * unless the file is known to have been no longer (`previousLength`). Unlike a write that
 * truncates first, the file system keeps the blocks the file already has instead of
 * releasing them all and allocating new ones.
 */
export function overwriteFile(path: string, content: SerializedProfile, previousLength?: number): void {
  inPlace(path, (fd) => {
    // a regular file takes the whole text at once; a short write continues where it stopped
    const offset = writeSync(fd, content.json, 0, 'utf8');
    if (offset < content.bytes) writeFrom(fd, path, Buffer.from(content.json), offset, content.bytes);
    if (previousLength === undefined || previousLength > content.bytes) ftruncateSync(fd, content.bytes);
  });
}

/** Writes `length` bytes of `data` over an existing file from its start and cuts the file there. */
export function overwriteFileWith(path: string, data: Buffer, length: number): void {
  inPlace(path, (fd) => {
    writeFrom(fd, path, data, 0, length);
    ftruncateSync(fd, length);
  });
}

/** Runs `write` on the existing file at `path`, opened for writing in place, and closes it; a failed write is the error reported. */
function inPlace(path: string, write: (fd: number) => void): void {
  const fd = openSync(path, 'r+');
  try {
    write(fd);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // the write's failure is the one to report
    }
    throw error;
  }
  closeSync(fd);
}

/** Writes `data` from `offset` to `length` at the same place in the file, going on after a short write. */
function writeFrom(fd: number, path: string, data: Buffer, offset: number, length: number): void {
  for (let at = offset; at < length; ) {
    const written = writeSync(fd, data, at, length - at, at);
    if (written === 0) throw Object.assign(new Error(`Nothing written to ${path}.`), { code: 'EIO' });
    at += written;
  }
}

/**
 * A buffer kept for reading a file of lines whole and writing lines back, grown as
 * needed and used again: see FileProfilerStorage's index rewrite for why.
 */
export class LineBuffer {
  bytes: Buffer = Buffer.alloc(0);

  /** Reads the whole file at `path` into the buffer; its length. */
  read(path: string): number {
    const fd = openSync(path, 'r');
    try {
      // a file that grows meanwhile (another process appending) is read to its end
      let length = 0;
      this.#room(fstatSync(fd).size + 1);
      for (;;) {
        const read = readSync(fd, this.bytes, length, this.bytes.length - length, length);
        if (read === 0) return length;
        length += read;
        if (length === this.bytes.length) this.#room(length * 2);
      }
    } finally {
      closeSync(fd);
    }
  }

  /** The first `length` bytes' lines, empty ones left out. */
  lines(length: number): string[] {
    const lines: string[] = [];
    const bytes = this.bytes.subarray(0, length);
    for (let start = 0; start < length; ) {
      let end = bytes.indexOf(10, start);
      if (end === -1) end = length;
      if (end > start) lines.push(bytes.toString('utf8', start, end));
      start = end + 1;
    }
    return lines;
  }

  /** Puts the lines in the buffer, each followed by a newline; their length in bytes. */
  put(lines: readonly string[]): number {
    let length = 0;
    for (const line of lines) length += Buffer.byteLength(line) + 1;
    this.#room(length);
    let at = 0;
    for (const line of lines) {
      at += this.bytes.write(line, at);
      this.bytes[at++] = 10;
    }
    return at;
  }

  #room(size: number): void {
    if (this.bytes.length >= size) return;
    const bytes = Buffer.allocUnsafe(Math.max(size, this.bytes.length * 2));
    this.bytes.copy(bytes);
    this.bytes = bytes;
  }
}

/** Removes a profile's file; one already gone (another process sharing the directory removed it) is fine. */
export function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
}

/**
 * Renames `from` to `to`; false when it could not (another process sharing the directory
 * removed or took over `from` first, or the directory was removed behind this process's back).
 */
export function renamed(from: string, to: string): boolean {
  try {
    renameSync(from, to);
    return true;
  } catch {
    return false;
  }
}

/**
 * The profile as its file holds it, or why it cannot be written (a value JSON refuses,
 * such as a bigint). The text is written as it is: node encodes it outside the JS heap,
 * which costs less than making a Buffer of it and writing that: the Buffer is one more
 * copy of the whole profile.
 */
export function serialize(profile: ProfileData): SerializedProfile | SerializationFailure {
  try {
    const json = JSON.stringify(profile);
    return { json, bytes: Buffer.byteLength(json) };
  } catch (error) {
    return { error };
  }
}

export function isSerialized(content: SerializedProfile | SerializationFailure): content is SerializedProfile {
  return 'json' in content;
}

/**
 * Which outgoing file each new profile takes over: the largest new profile the largest
 * file, and so on, so that files keep about their size (a file that shrinks releases
 * blocks, one that grows allocates them). A file of unknown size counts as the largest.
 */
export function pairBySize(contents: readonly (SerializedProfile | SerializationFailure)[], outgoing: readonly KeptProfile[]): (KeptProfile | undefined)[] {
  const size = (file: KeptProfile): number => file.bytes ?? Number.MAX_SAFE_INTEGER;
  const files = [...outgoing].sort((a, b) => size(b) - size(a));
  const largestFirst = contents
    .map((content, i) => ({ i, bytes: isSerialized(content) ? content.bytes : -1 }))
    .filter(({ bytes }) => bytes >= 0)
    .sort((a, b) => b.bytes - a.bytes);
  const reuse: (KeptProfile | undefined)[] = contents.map(() => undefined);
  largestFirst.forEach(({ i }, rank) => {
    reuse[i] = files[rank];
  });
  return reuse;
}

export interface KeptProfile {
  readonly token: string;
  readonly time: number;
  /** Its file's size when this process wrote it; undefined for a profile read from the index. */
  readonly bytes?: number | undefined;
  /** The profile whose file holds this one, when it has none of its own (see FileProfilerStorage). */
  readonly host?: string | undefined;
}

export interface SerializedProfile {
  readonly json: string;
  /** Its length in UTF-8, as the file holds it. */
  readonly bytes: number;
}

export interface SerializationFailure {
  readonly error: unknown;
}
