import { createInterface } from 'node:readline/promises';
import { DeskError } from '../../src/server/desk.ts';

/** Where a question is asked: a terminal's input and output (process.stdin and process.stderr). */
export interface Terminal {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
}

/**
 * Asks a yes/no question at the terminal; true only for "y" or "yes". Without a terminal to answer at (a
 * pipe, a cron job) it refuses with a usage error rather than take silence for yes: `--yes` says it.
 */
export async function confirm(question: string, terminal: Terminal, what: string): Promise<boolean> {
  if (!terminal.input.isTTY) throw new DeskError(`${what} needs a confirmation, and standard input is not a terminal to answer at: add --yes to go ahead without asking`, 2);
  const prompt = createInterface({ input: terminal.input, output: terminal.output, terminal: false });
  // Input closed before an answer (Ctrl-D) is a no; the question alone would wait for ever.
  const closed = new Promise<string>((resolve) => prompt.once('close', () => resolve('')));
  const asked = prompt.question(`${question} [y/N] `);
  // Closing the prompt may reject a question still open; its answer is no then.
  asked.catch(() => {});
  try {
    const answer = await Promise.race([asked, closed]);
    return /^\s*(y|yes)\s*$/i.test(answer);
  } finally {
    prompt.close();
  }
}
