import { useEffect, useRef, useState, type DragEvent } from 'react';
import { KeepWhole } from '../../components/keep-whole.tsx';
import { useShell, useT } from '../../lib/i18n.tsx';
import { useFeedback } from './feedback.tsx';
import { FieldFrame, Honeypot, hydrateLater, SubmitRow } from './fields.tsx';
import type { SentRow } from './form-actions.ts';
import { useForm } from './use-form.ts';
import type * as FilesCode from './chosen-files.tsx';
import type { Chosen, FilesState } from './chosen-files.tsx';

/**
 * What the order does with its files (their checks, the list, sending them, the upload's progress), which
 * loads with the first file chosen (chosen-files.tsx): the page's first load carries only the drop zone.
 * The list is shown only once it holds a file, so this is loaded by then.
 */
let code: typeof FilesCode | undefined;

/** The fields a lab works from, with the tooth chart: in the prerendered page, their code fetched on the form's first touch. */
const OrderDetails = hydrateLater(import.meta.env.SSR ? await import('./order-details.tsx') : undefined, () => import('./order-details.tsx'));

/** The dentist's order request with up to five scans, photos or prescriptions, posted as multipart to its endpoint. */
export function OrderForm() {
  const t = useT();
  const { lang } = useShell();
  const { notify } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  // Read by a submit held while files were checked, before React has rendered their list.
  const files = useRef<FilesState>({ list: [], sent: [], checking: 0 });
  // The list, and what a screen reader is told of the files last added.
  const [{ list, announcement }, setFiles] = useState<{ list: Chosen[]; announcement?: string }>({ list: [] });
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<[number, number] | null>(null);
  const [sent, setSent] = useState<{ reference: string; rows: readonly SentRow[] } | null>(null);

  const form = useForm({
    kind: 'order',
    busy: () => files.current.checking > 0,
    checkOnLeave: ['phone', 'email', 'teeth'],
    later: [OrderDetails],
    // Only with a file in the list (the check below asks for one first), so its code is there.
    encode: (data, spam) => {
      setProgress(null);
      return code!.encode(files.current)(data, spam);
    },
    extraProblems: () => ({ file: code ? code.problem(files.current.list) : { key: 'validation.fileMissing' } }),
    onProgress: (sent, total) => setProgress([sent, total]),
    onRefusedFiles: (refused) => update(code!.refuse(files.current, refused)),
    onSuccess: ({ reference, rows }) => {
      const names = files.current.list.filter((chosen) => chosen.ok).map((chosen) => chosen.file.name);
      setSent({ reference, rows: [...rows, [t('forms.sentFiles'), names.join(', ')]] });
      update([]);
    },
  });

  /** A new list: kept for a submit at once, shown at the next render; a message shown at the field follows it. */
  function update(next: Chosen[], announcement?: string) {
    files.current.list = next;
    setFiles({ list: next, announcement });
    if (form.errorOf('file')) form.setFieldError('file', code?.problem(next));
  }

  /** Checks files just chosen or dropped and adds them to the list; a submit made meanwhile is sent once they are in. */
  async function take(picked: File[]) {
    files.current.checking += 1;
    setBusy(true);
    try {
      code = await import('./chosen-files.tsx');
      const added = await code.addFiles(files.current.list, picked, t, lang);
      update(added.list, added.announcement);
    } catch {
      // The list's code could not be loaded (offline): the files are not in the list, and the submit says why.
      notify();
    } finally {
      files.current.checking -= 1;
      setBusy(files.current.checking > 0);
      if (files.current.checking === 0) form.resume();
    }
  }

  const choose = (chosen: FileList | null | undefined) => {
    const picked = [...(chosen ?? [])];
    // The input only carries what was chosen last; the list keeps every choice, so the input is emptied for the next.
    if (input.current) input.current.value = '';
    if (picked.length > 0) void take(picked);
  };
  const drag = (event: DragEvent) => setOver(event.type === 'dragenter');

  // Files chosen before the page was live are in the input without a change React saw: taken now, once.
  useEffect(() => choose(input.current?.files), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, at hydration

  if (sent) {
    return form.parts ? (
      <form.parts.FormSent
        title={t('feedback.orderSuccessTitle')}
        reference={sent.reference}
        rows={sent.rows}
        next={t('feedback.orderSuccessText')}
        again={t('forms.anotherOrder')}
        onAgain={() => setSent(null)}
      />
    ) : null;
  }

  const fileState = form.field('file', { hint: true });
  const statusId = `${fileState.control.id}-files`;
  return (
    <form {...form.formProps} className="grid gap-5 sm:grid-cols-2">
      {form.parts ? <form.parts.ErrorSummary items={form.summary} focusRequest={form.focusRequest} /> : null}
      <OrderDetails field={form.field} onTeethPicked={() => form.errorOf('teeth') && form.setFieldError('teeth')} />
      <FieldFrame state={fileState} label={t('forms.file')} required className="sm:col-span-2">
        {/* The native input lies, transparent, over the whole zone: a click, a tap, a drop or the keyboard reaches it. */}
        <div className={`drop-zone${over ? ' drop-zone-over' : ''}`}>
          <input
            ref={input}
            type="file"
            multiple
            // What the picker offers; the checks go by content, not by name.
            accept=".pdf,.jpg,.jpeg,.png,.docx,.stl,.ply,.obj,.zip"
            {...fileState.control}
            aria-describedby={`${statusId} ${fileState.control['aria-describedby'] ?? ''}`}
            required
            disabled={form.sending}
            onChange={(event) => choose(event.currentTarget.files)}
            onDragEnter={drag}
            onDragLeave={drag}
            onDrop={drag}
          />
          <p aria-hidden="true">
            <span className="btn btn-secondary">{t('forms.fileChoose')}</span> <span className="drop-zone-or">{t('forms.fileDrop')}</span>
          </p>
          <p id={fileState.hintId} className="field-hint">
            <KeepWhole text={t('forms.fileHint')} />
          </p>
        </div>
        {list.length > 0 && code ? (
          <code.default files={list} onChange={(next) => update(next)} progress={form.sending ? progress : null} inputId={fileState.control.id} statusId={statusId} />
        ) : (
          <p id={statusId} className="file-status">
            {t('forms.fileNone')}
          </p>
        )}
        {/* Polite: what became of the files just chosen is read out once they are checked. */}
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </FieldFrame>
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitRow sending={form.sending || busy} label={t('forms.submitOrder')} sendingLabel={busy ? t('common.loading') : t('forms.submitting')} />
      </div>
    </form>
  );
}
