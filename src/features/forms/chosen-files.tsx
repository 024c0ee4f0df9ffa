import { useEffect, useId, useRef } from 'react';
import type { UiKey } from '@generated/manifest.ts';
import { LineIcon } from '../../components/icons.tsx';
import { KeepWhole } from '../../components/keep-whole.tsx';
import { useShell, useT } from '../../lib/i18n.tsx';
import type { UploadKind } from '../../shared/file-check.ts';
import { chosenFileVerdict } from './chosen-file.ts';
import { fileSize } from '../../shared/format.ts';
import { maxOrderBytes, maxOrderFileBytes, maxOrderFiles } from '../../shared/upload-limits.ts';
import { uploadKindNames } from '../../shared/upload-names.ts';
import type { Lang } from '../../../schemas/common.ts';
import type { Encode, FieldProblem, RefusedFile } from './form-actions.ts';

// Loaded when a dentist first chooses or drops files, so the order page's first load carries none of it:
// the check of each file's content (the server's own), the list of chosen files and the progress of
// sending them, with the size formatting shared with the server's mails.

/** A file in the order form's list: what its bytes are, or why it cannot go. */
export interface Chosen {
  /** Tells the list's items apart (two files may share a name). */
  key: number;
  file: File;
  /** What its content is, once checked. */
  kind?: UploadKind;
  /**
   * Why it cannot be sent: its content, emptiness or size (found as it was chosen), one file too many or
   * over what all may weigh together (worked out again as files come and go), or the server's word on it.
   */
  problem?: FieldProblem | string;
  /** Goes with the order: no problem. */
  ok: boolean;
}

/** What the order form keeps of its files between renders: the list as last changed, the keys of the files last sent, and checks under way. */
export interface FilesState {
  list: Chosen[];
  sent: number[];
  checking: number;
}

let nextKey = 1;

/** Why the files cannot go as they are: one not accepted, or none at all. */
export function problem(list: readonly Chosen[]): FieldProblem | undefined {
  if (list.some((chosen) => !chosen.ok)) return { key: 'validation.filesRefused' };
  return list.length === 0 ? { key: 'validation.fileMissing' } : undefined;
}

/** The order as multipart: its fields, then each file that can go, in the list's order (the server names a refused one by its place among them). */
export const encode =
  (state: FilesState): Encode =>
  (data, spam) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...data, ...spam })) if (value !== undefined) body.append(name, String(value));
    const going = state.list.filter((chosen) => chosen.ok);
    state.sent = going.map((chosen) => chosen.key);
    for (const { file } of going) body.append('file', file, file.name);
    return { body };
  };

/** The list with the server's word on the files it refused, each found by its place among those last sent. */
export function refuse(state: FilesState, refused: readonly RefusedFile[]): Chosen[] {
  const byKey = new Map(refused.map((file) => [state.sent[file.position - 1], file.error]));
  return state.list.map((chosen) => (byKey.has(chosen.key) ? { ...chosen, problem: byKey.get(chosen.key), ok: false } : chosen));
}

/** A file's own verdict, as the server will give it: size first (known without reading it), then what its bytes are. */
async function checkFile(file: File): Promise<{ kind?: UploadKind; problem?: FieldProblem }> {
  if (file.size === 0) return { problem: { key: 'validation.fileEmpty' } };
  if (file.size > maxOrderFileBytes) return { problem: { key: 'validation.fileTooLarge' } };
  try {
    return await chosenFileVerdict(file);
  } catch {
    // A file that cannot be read (moved or deleted since it was chosen) cannot be sent either.
    return { problem: { key: 'validation.fileType' } };
  }
}

/**
 * The list with the limits worked out again, in its order: a file past the fifth that can go, or one that
 * would take them over 100 MB together, waits in the list with why, until others are removed.
 */
export function withLimits(list: readonly Chosen[]): Chosen[] {
  let count = 0;
  let total = 0;
  return list.map((chosen) => {
    // A problem of its own (or the server's) stays; only the limits are worked out again.
    const own = typeof chosen.problem === 'string' || (chosen.problem && chosen.problem.key !== 'validation.fileCount' && chosen.problem.key !== 'validation.filesTotal');
    if (own) return { ...chosen, ok: false };
    const limit: FieldProblem | undefined = count === maxOrderFiles ? { key: 'validation.fileCount' } : total + chosen.file.size > maxOrderBytes ? { key: 'validation.filesTotal' } : undefined;
    if (limit) return { ...chosen, problem: limit, ok: false };
    count += 1;
    total += chosen.file.size;
    return { key: chosen.key, file: chosen.file, ...(chosen.kind ? { kind: chosen.kind } : {}), ok: true };
  });
}

type Translate = (key: UiKey, vars?: Record<string, string | number>) => string;

/** A problem's words: the server's as they came, the browser's from the page's strings. */
const problemText = (problem: FieldProblem | string, t: Translate) => (typeof problem === 'string' ? problem : t(problem.key, problem.vars));

/**
 * Checks files just chosen or dropped, one after another, and adds them to the list; with what a screen
 * reader is told of them: each one added, with its type and size, or why it was not accepted.
 */
export async function addFiles(list: readonly Chosen[], picked: readonly File[], t: Translate, lang: Lang): Promise<{ list: Chosen[]; announcement: string }> {
  const added: Chosen[] = [];
  for (const file of picked) added.push({ key: nextKey++, file, ...(await checkFile(file)), ok: false });
  const next = withLimits([...list, ...added]);
  const keys = new Set(added.map((chosen) => chosen.key));
  const announcement = next
    .filter((chosen) => keys.has(chosen.key))
    .map((chosen) =>
      chosen.ok && chosen.kind
        ? t('forms.fileChosen', { name: chosen.file.name, type: uploadKindNames[chosen.kind], size: fileSize(chosen.file.size, lang) })
        : t('forms.fileRefused', { name: chosen.file.name, message: chosen.problem ? problemText(chosen.problem, t) : '' }),
    )
    .join(' ');
  return { list: next, announcement };
}

const fileIcon = 'M7 3h7l5 5v13H7zM14 3v5h5';
const refusedIcon = 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7.5v5.5M12 16.5h.01';
const closeIcon = 'M6 6l12 12M18 6L6 18';

/**
 * The chosen files, each with its name, size, detected type (or why it cannot go) and a button that
 * removes it; below them, while the order is sent, how far it has got.
 */
export default function ChosenFiles({
  files,
  onChange,
  progress,
  inputId,
  statusId,
}: {
  files: readonly Chosen[];
  onChange: (next: Chosen[]) => void;
  /** Bytes sent and to send, while the order is being sent; null otherwise. */
  progress: readonly [number, number] | null;
  /** The file input, which takes the focus when the last file is removed. */
  inputId: string;
  /** The id of the line that sums the list up, which describes the input. */
  statusId: string;
}) {
  const t = useT();
  const { lang } = useShell();
  const list = useRef<HTMLUListElement>(null);
  /** After a removal: the place whose remove button takes the focus (the next file's, else the last one's, else the input). */
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const buttons = list.current?.querySelectorAll('button');
    const target = buttons?.length ? buttons[Math.min(at, buttons.length - 1)] : document.getElementById(inputId);
    target?.focus();
  }, [files, inputId]);
  const sending = progress !== null;
  const going = files.filter((chosen) => chosen.ok);
  const total = going.reduce((sum, chosen) => sum + chosen.file.size, 0);

  return (
    <div>
      <p id={statusId} className="file-status">
        {/* The files that cannot go are counted apart, so the sum never disagrees with the list beside it. */}
        <KeepWhole
          text={
            going.length === 0
              ? t('forms.fileNone')
              : going.length < files.length
                ? t('forms.filesChosenRefused', { count: going.length, size: fileSize(total, lang), refused: files.length - going.length })
                : t('forms.filesChosen', { count: going.length, size: fileSize(total, lang) })
          }
        />
      </p>
      {files.length > 0 ? (
        <ul ref={list} className="file-list">
          {files.map((chosen, index) => {
            const name = chosen.file.name;
            return (
              <li key={chosen.key} className={`file-item${chosen.ok ? '' : ' file-item-refused'}`}>
                <LineIcon d={chosen.ok ? fileIcon : refusedIcon} className="mt-0.5 size-5 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p className="file-name">{name}</p>
                  <p className="file-meta">
                    {chosen.kind ? `${uploadKindNames[chosen.kind]} · ` : ''}
                    {fileSize(chosen.file.size, lang)}
                  </p>
                  {chosen.problem ? <p className="file-problem">{problemText(chosen.problem, t)}</p> : null}
                </div>
                <button
                  type="button"
                  className="icon-button -my-1 shrink-0"
                  aria-label={t('forms.fileRemove', { name })}
                  disabled={sending}
                  onClick={() => {
                    focusAt.current = index;
                    onChange(withLimits(files.filter((other) => other.key !== chosen.key)));
                  }}
                >
                  <LineIcon d={closeIcon} className="size-5" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {progress ? <UploadProgress sent={progress[0]} total={progress[1]} lang={lang} t={t} /> : null}
    </div>
  );
}

/** The status a screen reader hears changes only at each quarter of the upload: it hears the upload go on, not every byte of it. */
const announceStep = 25;

/**
 * How far the order's upload has got: a bar, the percentage and "x MB of y MB", and a polite status that
 * says the same at coarse steps.
 */
function UploadProgress({ sent, total, lang, t }: { sent: number; total: number; lang: Lang; t: Translate }) {
  const id = useId();
  const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
  // fileSize says at least 1 kB of anything; nothing sent yet is 0 kB.
  const say = (share: number, bytes: number) => t('forms.uploadProgress', { sent: bytes > 0 ? fileSize(bytes, lang) : '0 kB', total: fileSize(total, lang), percent: share });
  const step = Math.floor(percent / announceStep) * announceStep;
  // Nothing at the start: the button already says the order is being sent.
  const announced = step > 0 ? say(step, Math.round((total * step) / 100)) : '';
  return (
    <div className="upload-progress">
      <p id={`${id}-label`} className="font-semibold text-deep">
        {t('forms.uploadLabel')}
      </p>
      <progress max={100} value={percent} aria-labelledby={`${id}-label`} aria-describedby={`${id}-text`} />
      <p id={`${id}-text`} className="text-sm text-ink/80">
        <KeepWhole text={say(percent, sent)} />
      </p>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
    </div>
  );
}
