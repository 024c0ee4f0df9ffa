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
  if (options.pretty)
    return pino({ level: options.level ?? 'info', formatters: { log: escapeControls }, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } });
  return pino({ level: options.level ?? 'info', base: undefined, formatters: { log: escapeControls } }, options.destination);
}

/**
 * JSON escapes the control characters below U+0020 but writes DEL and the C1 controls (U+0080 to U+009F,
 * among them a terminal's one-byte CSI) as they are: a visitor's path could still reach a terminal. Every
 * string field is written with them as \u escapes, so a log line holds no control character at all.
 */
function escapeControls(object: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return /[\u007f-\u009f]/.test(value) ? value.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : value;
    if (depth > 3 || value === null || typeof value !== 'object' || value instanceof Error) return value;
    if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clean(item, depth + 1)]));
  };
  return clean(object, 0) as Record<string, unknown>;
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
