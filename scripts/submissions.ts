/**
 * The lab's command-line desk over the submissions the site's server stores in DATA_DIR (default ./data):
 * list, show and export them, answer a request to see or erase a person's data (GDPR articles 15 and 17),
 * send failed mails again, mark or release suspected spam, copy an order's files out, and turn a submitted
 * testimonial into a content file. Safe to run while the server runs (its own connection, short transactions).
 * Usage: npm run submissions -- <command> [options]   (npm run submissions -- <command> --help)
 * Exits 0 when done, 1 on a problem it names, 2 on a wrong command or option.
 */
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest } from './content/suggest.ts';
import { confirm, type Terminal } from './desk/confirm.ts';
import { dayStart, exportObject, line, listTable, mailState, showText, statusNames, toCsv } from './desk/format.ts';
import { writeTestimonial } from './desk/testimonial.ts';
import { defaultKeep, restoreBackup, takeBackup } from '../src/server/backup.ts';
import { copyFiles, DeskError, formKinds, kindExtension, oneLine, openDesk, statuses, type Desk, type Filter, type StoredMail } from '../src/server/desk.ts';
import { fileSize } from '../src/shared/format.ts';
import { readApiSettings } from '../src/server/settings.ts';

/** Where the desk writes and asks, and the environment it reads its settings from. */
export interface Io {
  /** A line of the result. */
  out: (text: string) => void;
  /** A line of what goes beside it: notes, warnings, errors. */
  err: (text: string) => void;
  /** The result as it is, when it is a document (CSV, JSON) rather than lines. */
  write: (text: string) => void;
  terminal: Terminal;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

type Values = Record<string, string | boolean | undefined>;
type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

interface Command {
  /** The arguments it takes, as the usage line shows them. */
  args: string;
  /** One line for the list of commands. */
  summary: string;
  /** What --help says besides the usage line. */
  help: string[];
  options: ParseArgsOptionsConfig;
  /** The positional arguments it needs, by name. */
  positionals: string[];
  run(context: { values: Values; positionals: string[]; io: Io; desk: () => Desk }): Promise<number | void> | number | void;
}

const filterOptions: ParseArgsOptionsConfig = {
  form: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  status: { type: 'string' },
};
const filterHelp = [
  `  --form <form>      only this form's: ${formKinds.join(', ')}`,
  "  --from <date>      only those received on this day (YYYY-MM-DD, the lab's clock) or later",
  '  --to <date>        only those received on this day or earlier',
  `  --status <status>  only those ${statuses.join(', ')} (suspected spam)`,
  '                     delivered: every mail sent; waiting: a mail still to go out or being retried;',
  '                     failed: a mail given up (see retry); spam: kept as suspected spam, no mail sent',
];

/** The filter the options ask for; a usage error for a value that is none. */
function filterOf(values: Values): Filter {
  const filter: Filter = {};
  if (typeof values.form === 'string') {
    if (!(formKinds as readonly string[]).includes(values.form)) throw new DeskError(`--form ${JSON.stringify(values.form)} is not a form: use ${formKinds.join(', ')}`, 2);
    filter.kind = values.form as Filter['kind'];
  }
  if (typeof values.status === 'string') {
    const status = values.status === 'suspected-spam' ? 'spam' : values.status;
    if (!(statuses as readonly string[]).includes(status)) throw new DeskError(`--status ${JSON.stringify(values.status)} is not a status: use ${statuses.join(', ')}`, 2);
    filter.status = status as Filter['status'];
  }
  if (typeof values.from === 'string') filter.from = dayStart(values.from, '--from');
  if (typeof values.to === 'string') filter.to = dayStart(values.to, '--to', true);
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to) throw new DeskError(`--from ${String(values.from)} is after --to ${String(values.to)}`, 2);
  return filter;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A mail in one line: to whom, its subject. */
const mailLine = (mail: StoredMail) => `to ${line(mail.to)}: "${line(mail.subject)}"`;

/** DATA_DIR, as the settings give it (for the commands that do not open the desk). */
function dataDirOf(io: Io): string {
  try {
    return readApiSettings(io.env, io.cwd).dataDir;
  } catch (error) {
    throw new DeskError(`the settings cannot be read: ${oneLine(error)}`);
  }
}

/** Writes a file of personal data: readable by its owner only, never over a file already there unless `force`. */
function writePrivate(path: string, text: string, force: boolean): void {
  try {
    writeFileSync(path, text, { mode: 0o600, flag: force ? 'w' : 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new DeskError(`${path} already exists: add --force to replace it`);
    throw new DeskError(`cannot write ${path} (${oneLine(error)})`);
  }
}

const commands: Record<string, Command> = {
  list: {
    args: '[--form <form>] [--from <date>] [--to <date>] [--status <status>]',
    summary: 'the submissions, oldest first, with their state',
    help: ['Lists the submissions, oldest first: id, when received, form, language, who, status and files.', '', ...filterHelp],
    options: filterOptions,
    positionals: [],
    run({ values, io, desk }) {
      const filter = filterOf(values);
      const opened = desk();
      const entries = opened.list(filter);
      const filtered = Object.keys(filter).length > 0;
      if (entries.length === 0) {
        io.out(filtered ? 'no submission matches' : 'no submissions');
        return;
      }
      io.out(listTable(entries, opened.shortIds()));
      const counts = statuses.map((status) => [status, entries.filter((entry) => entry.status === status).length] as const).filter(([, n]) => n > 0);
      io.out(`\n${plural(entries.length, 'submission')}: ${counts.map(([status, n]) => `${n} ${statusNames[status]}`).join(', ')}`);
    },
  },
  show: {
    args: '<id or reference>',
    summary: 'everything stored of one submission',
    help: [
      'Shows every field of a submission, its files (name, type, size) and its mails (state, attempts, last error).',
      "An id is the list's first column: 8 or more of its first characters. A reference is what the sender was given after sending and what the mails carry, e.g. 3F9A-1C07.",
    ],
    options: {},
    positionals: ['id'],
    run({ positionals, io, desk }) {
      io.out(showText(desk().show(positionals[0]!)));
    },
  },
  export: {
    args: '[--format csv|json] [--out <file>] [--force] [--delimiter <c>] [filters]',
    summary: 'submissions as CSV (for a spreadsheet) or JSON',
    help: [
      'Writes the submissions, with the same filters as list, to standard output or a file.',
      'CSV: one row a submission, UTF-8 with a byte-order mark, a column per form field; a cell that a',
      'spreadsheet would take for a formula (=, +, -, @) starts with an apostrophe. JSON: an array with',
      'every field, file and mail.',
      '',
      '  --format csv|json  csv unless given',
      '  --out <file>       write to this file (readable by you only) instead of standard output',
      '  --force            replace the file when it exists',
      '  --delimiter <c>    the CSV separator: "," (default), ";" (Excel set to Dutch expects it) or "tab"',
      ...filterHelp,
    ],
    options: { ...filterOptions, format: { type: 'string', default: 'csv' }, out: { type: 'string' }, force: { type: 'boolean', default: false }, delimiter: { type: 'string', default: ',' } },
    positionals: [],
    run({ values, io, desk }) {
      const format = values.format as string;
      if (format !== 'csv' && format !== 'json') throw new DeskError(`--format ${JSON.stringify(format)} is not a format: use csv or json`, 2);
      const delimiter = values.delimiter === 'tab' ? '\t' : (values.delimiter as string);
      if (![',', ';', '\t'].includes(delimiter)) throw new DeskError(`--delimiter ${JSON.stringify(values.delimiter)} is not one: use ",", ";" or tab`, 2);
      const entries = desk().details(filterOf(values));
      const text =
        format === 'csv'
          ? toCsv(entries, delimiter)
          : `${JSON.stringify(
              entries.map((entry) => exportObject(entry)),
              null,
              2,
            )}\n`;
      if (typeof values.out !== 'string') {
        io.write(text);
        return;
      }
      writePrivate(resolve(io.cwd, values.out), text, values.force === true);
      io.err(`wrote ${plural(entries.length, 'submission')} to ${values.out}`);
    },
  },
  subject: {
    args: '<email> [--out <folder>] [--force] [--yes]',
    summary: 'everything stored about one e-mail address (GDPR article 15, access)',
    help: [
      "Finds everything stored about an e-mail address, for an answer to a request to see one's data",
      '(GDPR article 15): each submission whose e-mail field is the address (any case), with its files and',
      'its mails, and the mails sent to it or answered to it. Written as JSON to standard output, or with',
      '--out to <folder>/subject.json with the files copied beside it. Testimonials ask for no address:',
      'find one by its name with list --form testimonial. Asks before writing, unless --yes.',
      '',
      '  --out <folder>  write subject.json and the files there (made if missing)',
      '  --force         replace files already there',
      '  --yes           do not ask',
    ],
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false }, yes: { type: 'boolean', default: false } },
    positionals: ['email'],
    async run({ values, positionals, io, desk }) {
      const opened = desk();
      const found = opened.subject(positionals[0]!);
      const files = found.submissions.flatMap((entry) => entry.files);
      const mails = found.submissions.flatMap((entry) => entry.mails);
      io.err(
        `stored about ${found.address}: ${describeFound(
          found.submissions.map((entry) => entry.kind),
          files.length,
          mails.length,
          found.mailFiles.length,
        )}`,
      );
      io.err('testimonials ask for no e-mail address: find one by its name with list --form testimonial');
      if (found.mentionedIn.length)
        io.err(
          `the address also appears in the text of ${plural(found.mentionedIn.length, 'other submission')} (${found.mentionedIn.map((id) => id.slice(0, 8)).join(', ')}): someone else's forms, left out; read them with show`,
        );
      if (found.submissions.length === 0 && found.mailFiles.length === 0) return;
      if (!values.yes && !(await confirm('Export it? Send it only to the person it is about, once you know it is them who asks.', io.terminal, 'subject'))) {
        io.err('nothing exported');
        return 1;
      }
      const shortIds = opened.shortIds();
      const out = typeof values.out === 'string' ? resolve(io.cwd, values.out) : undefined;
      const copied = new Map<string, string>();
      if (out) {
        for (const entry of found.submissions) {
          for (const { name, file } of copyFiles(entry.files, out, { force: values.force === true, prefix: `${shortIds.get(entry.id) ?? entry.id.slice(0, 8)}-` }))
            copied.set(`${entry.id}/${file.position}`, name);
        }
      }
      const report = {
        about: found.address,
        exportedAt: new Date().toISOString(),
        note: 'Everything the website stored about this e-mail address: the forms sent with it, their files and the mails they caused. Testimonials ask for no e-mail address and are not included.',
        submissions: found.submissions.map((entry) => {
          const object = exportObject(entry, { withText: true });
          if (out) object.files = (object.files as { position: number }[]).map((file) => ({ ...file, copiedAs: copied.get(`${entry.id}/${file.position}`) }));
          return object;
        }),
        mailFiles: found.mailFiles,
      };
      const text = `${JSON.stringify(report, null, 2)}\n`;
      if (!out) {
        io.write(text);
        return;
      }
      writePrivate(join(out, 'subject.json'), text, values.force === true);
      io.out(`wrote ${join(out, 'subject.json')}${copied.size ? ` and ${plural(copied.size, 'file')}` : ''}`);
    },
  },
  erase: {
    args: '<email> [--yes]',
    summary: 'erase everything stored about one e-mail address (GDPR article 17)',
    help: [
      'Erases everything subject finds for an e-mail address (GDPR article 17): the submissions, their',
      'files in uploads/, their mails (sent or not) and the .eml files written for them in mail/, and the',
      'count of confirmations sent to the address. The database is then rewritten (VACUUM) and its log',
      'file emptied, so no erased byte is left on disk. It logs that an erasure happened and how much it',
      'removed (the erasures table), never whose. Asks first, unless --yes.',
      '',
      '  --yes  do not ask',
    ],
    options: { yes: { type: 'boolean', default: false } },
    positionals: ['email'],
    async run({ values, positionals, io, desk }) {
      const opened = desk();
      const found = opened.subject(positionals[0]!);
      const files = found.submissions.flatMap((entry) => entry.files).length;
      const mails = found.submissions.flatMap((entry) => entry.mails);
      if (found.submissions.length === 0 && found.mailFiles.length === 0) {
        io.out('nothing is stored about this address: nothing erased');
        io.out('testimonials ask for no e-mail address: find one by its name with list --form testimonial');
        return;
      }
      io.err(
        `this erases ${describeFound(
          found.submissions.map((entry) => entry.kind),
          files,
          mails.length,
          found.mailFiles.length,
        )}; it cannot be undone`,
      );
      if (!values.yes && !(await confirm('Erase it?', io.terminal, 'erase'))) {
        io.err('nothing erased');
        return 1;
      }
      const erased = opened.erase(
        positionals[0]!,
        found.submissions.map((entry) => entry.id),
      );
      io.out(
        `erased ${plural(erased.submissions, 'submission')}, ${plural(erased.files, 'file')}, ${plural(erased.mails, 'mail')} and ${plural(erased.mailFiles, '.eml file')}; logged as an erasure (when and how much, not whose)`,
      );
      const sent = mails.filter((mail) => mail.status === 'sent').length;
      if (sent)
        io.out(`${plural(sent, 'mail was', 'mails were')} sent before: delete ${sent === 1 ? 'it' : 'them'} from the mailboxes that received ${sent === 1 ? 'it' : 'them'} (the lab's inbox) too`);
      if (found.mentionedIn.length)
        io.out(
          `the address still appears in the text of ${plural(found.mentionedIn.length, 'other submission')} (${found.mentionedIn.map((id) => id.slice(0, 8)).join(', ')}): someone else's forms; read them with show`,
        );
      if (erased.arrived) io.out(`${plural(erased.arrived, 'new submission')} with this address arrived meanwhile: run erase again`);
      if (!erased.compacted) io.err("warning: the database's log file (submissions.db-wal) could not be emptied while the server was writing; it is written over as the server goes on");
    },
  },
  backup: {
    args: '<folder> [--keep <n>]',
    summary: 'a consistent backup of the data folder into a new folder under <folder>',
    help: [
      "Takes a backup of the data folder while the server runs: the database through SQLite's online backup",
      '(a consistent snapshot), the uploads its submissions name, the .eml files in mail/ and the erasure key,',
      "with manifest.json listing each file's size and SHA-256. It goes to a new folder named by its time under",
      '<folder> (keep it on another disk), and the newest copy of the erasure log goes beside the backups,',
      'outside every snapshot. Then only the newest --keep backups are kept.',
      '',
      `  --keep <n>  how many backups to keep (default ${defaultKeep})`,
    ],
    options: { keep: { type: 'string', default: String(defaultKeep) } },
    positionals: ['folder'],
    async run({ values, positionals, io }) {
      const keep = Number(values.keep);
      const result = await takeBackup(dataDirOf(io), resolve(io.cwd, positionals[0]!), { keep });
      io.out(
        `backed up ${plural(result.submissions, 'submission')}, ${plural(result.uploads, 'upload')} and ${plural(result.mailFiles, '.eml file')} (${fileSize(result.bytes, 'en')}) to ${result.folder}`,
      );
      if (result.gone) io.out(`${plural(result.gone, 'upload')} named in the snapshot ${result.gone === 1 ? 'was' : 'were'} deleted (retention, erasure) before it could be copied`);
      if (result.pruned.length) io.out(`removed ${plural(result.pruned.length, 'older backup')}: ${result.pruned.join(', ')}`);
    },
  },
  restore: {
    args: '<backup> [--erasures <file>]',
    summary: 'restore a backup into an empty data folder, erasing again what was erased since',
    help: [
      'Restores a backup folder (one that backup wrote) into DATA_DIR, which must be empty or not exist yet.',
      'Every file is checked against its size and SHA-256 first: a damaged backup is refused, naming the file,',
      'and nothing is written. The erasures logged after the backup was taken (the log beside the backups,',
      'and --erasures <file>, e.g. the erasures.jsonl of the old data folder) are applied again.',
      '',
      '  --erasures <file>  another erasure log to apply (may be given once)',
    ],
    options: { erasures: { type: 'string' } },
    positionals: ['backup'],
    run({ values, positionals, io }) {
      const target = dataDirOf(io);
      const journals = typeof values.erasures === 'string' ? [resolve(io.cwd, values.erasures)] : [];
      const result = restoreBackup(resolve(io.cwd, positionals[0]!), target, journals);
      io.out(
        `restored ${plural(result.submissions, 'submission')}, ${plural(result.uploads, 'upload')} and ${plural(result.mailFiles, '.eml file')} of the backup taken ${new Date(result.takenAt).toISOString()} into ${target}`,
      );
      io.out(
        result.erasures
          ? `erased again what ${plural(result.erasures, 'erasure')} since the backup removed: ${plural(result.erased, 'submission')}`
          : 'no erasure was logged after the backup was taken',
      );
      io.out('start the server with DATA_DIR set to this folder');
    },
  },
  retry: {
    args: '<id>',
    summary: "send a submission's failed mails again",
    help: [
      'Puts the mails of a submission that were given up back in the queue, due now, their attempts counted afresh.',
      'A running server sends them within seconds; otherwise they go out when it starts.',
    ],
    options: {},
    positionals: ['id'],
    run({ positionals, io, desk }) {
      const mails = desk().retry(positionals[0]!);
      io.out(`requeued ${plural(mails.length, 'mail')} of ${positionals[0]!}:`);
      for (const mail of mails) io.out(`  ${mailLine(mail)} (${mailState(mail)})`);
      io.out('a running server sends them within seconds; otherwise they go out when it starts');
    },
  },
  spam: {
    args: '<id>',
    summary: 'mark a submission as suspected spam: its mails not yet sent are held back',
    help: ['Marks a submission as suspected spam ("marked by the lab"). Its mails not sent yet are held back;', 'not-spam sends them. It is deleted after the retention period like any other.'],
    options: {},
    positionals: ['id'],
    run({ positionals, io, desk }) {
      const { withheld, sent } = desk().markSpam(positionals[0]!);
      io.out(`marked ${positionals[0]!} as suspected spam; ${plural(withheld, 'mail')} held back${sent ? `, ${plural(sent, 'mail')} already sent` : ''}`);
    },
  },
  'not-spam': {
    args: '<id> [--dist <folder>]',
    summary: 'release a submission from suspected spam: its mails go out',
    help: [
      'Releases a submission from suspected spam, and its mails go out. One the server kept as suspected',
      "spam was stored as it came: it is checked as the form checks it (refused, with each field's problem,",
      "when it does not pass), and its mails are made as for any submission, from the build's texts",
      '(dist/site.json: run npm run build first) and LAB_EMAIL and MAIL_FROM. One the lab marked gets its',
      'held-back mails back. A running server sends them within seconds; otherwise when it starts.',
      '',
      "  --dist <folder>  the build to read the mails' texts from (default: dist)",
    ],
    options: { dist: { type: 'string' } },
    positionals: ['id'],
    async run({ values, positionals, io, desk }) {
      const distDir = resolve(io.cwd, typeof values.dist === 'string' ? values.dist : 'dist');
      const settings = readApiSettings(io.env, io.cwd);
      // The forms' schemas and the mails' texts, loaded for this command alone.
      const [{ loadSiteIndex }, { defaultFrom }, { preparer }] = await Promise.all([
        import('../src/server/site-index.ts'),
        import('../src/server/submissions.ts'),
        import('../src/server/desk-release.ts'),
      ]);
      const prepare = () => {
        let forms;
        try {
          forms = loadSiteIndex(distDir).forms;
        } catch (error) {
          throw new DeskError(`the mails are made from the build's texts, which cannot be read (${oneLine(error)}): run npm run build first`);
        }
        const labTo = settings.labEmail ?? forms.labEmail;
        return preparer({ forms, labTo, from: settings.mailFrom ?? defaultFrom(forms.siteName, labTo) });
      };
      const opened = desk();
      const entry = opened.show(positionals[0]!);
      const released = opened.release(entry.id, prepare);
      io.out(`released ${positionals[0]!} from suspected spam`);
      if (released.requeued) io.out(`${plural(released.requeued, 'held-back mail')} queued again`);
      if (released.queued.length) {
        io.out(`queued ${plural(released.queued.length, 'mail')}:`);
        for (const mail of released.queued) io.out(`  ${mailLine(mail)}`);
      }
      if (released.confirmationSkipped) io.out('the confirmation to the visitor was left out: the address was sent its share of confirmations today');
      if (entry.kind === 'order' && entry.files.length === 0) io.out('its file was not kept (suspected spam is stored without files): ask the dentist to send it again');
      io.out('a running server sends them within seconds; otherwise they go out when it starts');
    },
  },
  files: {
    args: '<id> <folder> [--force]',
    summary: "copy an order's files out, named by their detected types",
    help: [
      "Copies the files of an order into a folder (made if missing), each named <n>-<the sender's name",
      "without its extension>.<the extension of what its bytes are>: never the sender's extension.",
      '',
      '  --force  replace files already there',
    ],
    options: { force: { type: 'boolean', default: false } },
    positionals: ['id', 'folder'],
    run({ values, positionals, io, desk }) {
      const entry = desk().show(positionals[0]!);
      if (entry.files.length === 0)
        throw new DeskError(
          `${positionals[0]!} has no files (a submission of the ${entry.kind} form${entry.kind === 'order' && entry.spam !== null ? ', kept as suspected spam without its file' : ''})`,
        );
      const folder = resolve(io.cwd, positionals[1]!);
      for (const { name, file } of copyFiles(entry.files, folder, { force: values.force === true })) {
        io.out(`${join(positionals[1]!, name)}  ${kindExtension(file.kind).toUpperCase()}, ${fileSize(file.size, 'en')}, sent as "${line(file.name)}"`);
      }
    },
  },
  testimonial: {
    args: '<id> [--content <folder>]',
    summary: 'write a submitted testimonial (with its consent) as a content file',
    help: [
      'Writes content/testimonials/<slug>.yaml from a submitted testimonial that has its consent to publish,',
      'in the language it was written in. The other language is left for you to write: until it is there,',
      'npm run check reports it as missing and no build publishes the site.',
      '',
      '  --content <folder>  the content folder (default: content)',
    ],
    options: { content: { type: 'string' } },
    positionals: ['id'],
    run({ values, positionals, io, desk }) {
      const contentDir = resolve(io.cwd, typeof values.content === 'string' ? values.content : 'content');
      const written = writeTestimonial(desk().show(positionals[0]!), contentDir);
      const shown = relative(io.cwd, written.path).startsWith('..') ? written.path : relative(io.cwd, written.path);
      const names = { en: 'English', nl: 'Dutch' };
      io.out(`wrote ${shown} (${names[written.lang]})`);
      io.out(
        `still to do: write the ${names[written.missing]} of role and text (${written.missing}:), check the name is as they agreed to be shown, then run npm run check (it reports the missing ${names[written.missing]} until then)`,
      );
    },
  },
};

/** "2 submissions (1 appointment, 1 order), 1 file, 3 mails and 1 .eml file". */
function describeFound(kinds: string[], files: number, mails: number, mailFiles: number): string {
  const byKind = formKinds.map((kind) => [kind, kinds.filter((k) => k === kind).length] as const).filter(([, n]) => n > 0);
  const forms = byKind.length ? ` (${byKind.map(([kind, n]) => `${n} ${kind}`).join(', ')})` : '';
  return `${plural(kinds.length, 'submission')}${forms}, ${plural(files, 'file')}, ${plural(mails, 'mail')} and ${plural(mailFiles, '.eml file')}`;
}

function generalHelp(dataDir: string | undefined): string {
  const width = Math.max(...Object.entries(commands).map(([name, command]) => `${name} ${command.positionals.map((p) => `<${p}>`).join(' ')}`.length));
  return [
    `The lab's desk: the submissions the site's server keeps in its data folder (DATA_DIR${dataDir ? `, here ${dataDir}` : ''}).`,
    'Usage: npm run submissions -- <command> [options]   (every command has --help)',
    '',
    ...Object.entries(commands).map(([name, command]) => `  ${`${name} ${command.positionals.map((p) => `<${p}>`).join(' ')}`.padEnd(width)}  ${command.summary}`),
    '',
    "An id is the first column of list: 8 or more of a submission id's first characters.",
    'Safe to run while the server runs. Exits 1 on a problem, 2 on a wrong command or option.',
  ].join('\n');
}

/** Runs the desk with its arguments (after `--`); returns the exit code. */
export async function run(argv: string[], io: Io): Promise<number> {
  let dataDir: string | undefined;
  let desk: Desk | undefined;
  const [name, ...rest] = argv;
  let settingsError: unknown;
  try {
    dataDir = readApiSettings(io.env, io.cwd).dataDir;
  } catch (error) {
    settingsError = error;
  }
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      io.out(generalHelp(dataDir));
      return 0;
    }
    const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (!command) {
      const near = closest(name, Object.keys(commands));
      throw new DeskError(`there is no command "${name}"${near ? `: did you mean "${near}"?` : ''} (npm run submissions -- --help lists them)`, 2);
    }
    let parsed: { values: Values; positionals: string[] };
    try {
      parsed = parseArgs({ args: rest, options: { ...command.options, help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: true, strict: true });
    } catch (error) {
      throw new DeskError(`${oneLine(error).replace(/^ERR_PARSE_ARGS_\w+: /, '')} (npm run submissions -- ${name} --help)`, 2);
    }
    if (parsed.values.help) {
      io.out([`Usage: npm run submissions -- ${name} ${command.args}`, '', ...command.help].join('\n'));
      return 0;
    }
    if (parsed.positionals.length !== command.positionals.length) {
      const wanted = command.positionals.length ? command.positionals.map((p) => `<${p}>`).join(' ') : 'no arguments';
      throw new DeskError(`${name} takes ${wanted}, not ${parsed.positionals.length ? parsed.positionals.map((p) => JSON.stringify(p)).join(' ') : 'none'} (npm run submissions -- ${name} --help)`, 2);
    }
    if (settingsError !== undefined || dataDir === undefined) throw new DeskError(`the settings cannot be read: ${oneLine(settingsError)}`);
    const folder = dataDir;
    const open = () => (desk ??= openDesk(folder));
    const code = await command.run({ values: parsed.values, positionals: parsed.positionals, io, desk: open });
    return code ?? 0;
  } catch (error) {
    if (error instanceof DeskError) {
      io.err(`error: ${error.message}`);
      return error.exitCode;
    }
    io.err(`error: ${oneLine(error)}`);
    return 1;
  } finally {
    desk?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const io: Io = {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    write: (text) => process.stdout.write(text),
    terminal: { input: process.stdin, output: process.stderr },
    env: process.env,
    cwd: process.cwd(),
  };
  process.exitCode = await run(process.argv.slice(2), io);
}
