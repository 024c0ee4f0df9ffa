import { pino, type DestinationStream, type Logger } from 'pino';

// The server's log: one JSON object a line (pino). A message is a fixed text and everything that varies,
// a visitor's path above all, is a field, so JSON escapes it: no value can write a line or a terminal
// escape of its own.

export type { Logger };

/**
 * A logger writing JSON lines to `destination` (standard output by default); `pretty` writes readable,
 * coloured lines for a person at a terminal instead (the dev server).
 */
export function createLogger(options: { destination?: DestinationStream; pretty?: boolean; level?: string } = {}): Logger {
  if (options.pretty) return pino({ level: options.level ?? 'info', transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } });
  return pino({ level: options.level ?? 'info', base: undefined }, options.destination);
}

/** One line of the log, parsed: `msg` and the fields logged with it. */
export type LogLine = Record<string, unknown> & { msg: string; level: number };

/** A logger that keeps its lines, as written and parsed, for tests and tools that read what was logged. */
export function collectingLogger(): { logger: Logger; lines: LogLine[]; raw: string[] } {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const write = (line: string) => {
    raw.push(line);
    lines.push(JSON.parse(line) as LogLine);
  };
  return { logger: createLogger({ destination: { write } }), lines, raw };
}
