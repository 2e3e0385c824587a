import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

/** The Nu HTML Checker (npm vnu-jar exports the jar's path), run with the system's Java 17+. */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

export type NuMessage = {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
};

/** Checks the files in one run (the checker takes seconds to start), with the system's Java. */
export async function runChecker(files: string[]): Promise<{ checked: string[]; messages: NuMessage[] }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      [
        '-jar',
        vnuJar,
        '--format',
        'json',
        '--asciiquotes',
        '--skip-info-messages',
        '--verbose',
        '--exit-zero-always',
        ...files,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // The report goes to stderr; with --verbose, the name of each file checked goes to stdout.
    const { messages } = JSON.parse(stderr) as { messages: NuMessage[] };
    return {
      checked: stdout
        .trim()
        .split('\n')
        .map((file) => path.resolve(file)),
      messages,
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'The Nu HTML Checker needs Java 17 or later as `java` on the PATH (Debian: apt-get install default-jre-headless).',
      );
    }
    throw error;
  }
}
