import { Command } from 'commander';
import type { CommandIO } from '../command-io.ts';

/** Keeps what a command writes and the exit code it asks for. */
export class BufferedIO implements CommandIO {
  text = '';
  errorText = '';
  code = 0;

  write(text: string): void {
    this.text += text;
  }

  error(text: string): void {
    this.errorText += text;
  }

  fail(code: number): void {
    this.code = code;
  }
}

/** A program that throws instead of exiting, for running one command in a test. */
export function testProgram(): Command {
  return new Command('console').exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
}
