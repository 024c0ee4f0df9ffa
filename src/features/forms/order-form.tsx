import { useRef, useState } from 'react';
import { useShell, useT } from '../../lib/i18n.tsx';
import { useFeedback } from './feedback.tsx';
import { FileField, Honeypot, RequiredNote, SubmitRow, TextAreaField, TextField } from './fields.tsx';
import { maxUploadBytes } from '../../shared/upload-limits.ts';
import { useForm } from './use-form.ts';
import type { Lang } from '../../../schemas/common.ts';
import type { FormField } from '../../../schemas/forms.ts';
import type { Encode, FieldProblem } from './form-actions.ts';

/** Size first (known without reading the file, so even offline), then what the bytes are. */
async function checkFile(file: File, lang: Lang): Promise<{ problem?: FieldProblem; size?: string }> {
  if (file.size === 0) return { problem: { key: 'validation.fileEmpty' } };
  if (file.size > maxUploadBytes) return { problem: { key: 'validation.fileTooLarge' } };
  const { checkChosenFile, fileSize } = await import('./chosen-file.ts');
  return { problem: await checkChosenFile(file), size: fileSize(file.size, lang) };
}

/** The dentist's order request with one scan, photo or prescription, posted as multipart to /api/order. */
export function OrderForm() {
  const t = useT();
  const { lang } = useShell();
  const { notify } = useFeedback();
  const fileInput = useRef<HTMLInputElement>(null);
  const chosen = useRef<File | null>(null);
  // Why the last file was refused, so a later submit repeats that reason rather than "choose a file".
  const refused = useRef<FieldProblem | undefined>(undefined);
  const [file, setFile] = useState<{ name: string; size: string } | null>(null);
  const [checking, setChecking] = useState(false);

  const clearFile = () => {
    chosen.current = null;
    refused.current = undefined;
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const encode: Encode = (data, spam) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...data, ...spam })) if (value !== undefined) body.append(name, String(value));
    if (chosen.current) body.append('file', chosen.current, chosen.current.name);
    return { body };
  };

  const form = useForm({
    kind: 'order',
    busy: checking,
    endpoint: '/api/order',
    encode,
    extraProblems: (): Partial<Record<FormField<'order'>, FieldProblem>> => (chosen.current ? {} : { file: refused.current ?? { key: 'validation.fileMissing' } }),
    onSuccess: () => {
      clearFile();
      notify({ kind: 'success', title: t('feedback.orderSuccessTitle'), text: t('feedback.orderSuccessText') });
    },
  });

  const takeFile = async (selected: File | undefined) => {
    chosen.current = null;
    setFile(null);
    if (!selected) return;
    setChecking(true);
    const { problem, size = '' } = await checkFile(selected, lang).catch((): { problem: FieldProblem; size: string } => ({ problem: { key: 'validation.fileType' }, size: '' }));
    setChecking(false);
    refused.current = problem;
    if (problem) {
      // As the specification has it: a refused file is cleared, and the message says why.
      clearFile();
      refused.current = problem;
      form.setFieldError('file', problem);
      return;
    }
    chosen.current = selected;
    setFile({ name: selected.name, size });
    form.setFieldError('file', undefined);
  };

  const fileState = form.field('file', { hint: true });

  return (
    <form {...form.formProps} className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <RequiredNote />
      </div>
      <TextField state={form.field('dentistName')} label={t('forms.dentistName')} required type="text" autoComplete="name" />
      <TextField state={form.field('clinicName')} label={t('forms.clinicName')} required type="text" autoComplete="organization" />
      <TextField state={form.field('email')} label={t('forms.email')} required type="email" autoComplete="email" inputMode="email" placeholder={t('forms.emailPlaceholder')} />
      <TextField state={form.field('phone')} label={t('forms.phone')} required type="tel" autoComplete="tel" placeholder={t('forms.phonePlaceholder')} />
      <TextField state={form.field('serviceType')} label={t('forms.serviceType')} required type="text" placeholder={t('forms.serviceTypePlaceholder')} maxLength={200} className="sm:col-span-2" />
      <TextField state={form.field('patientName', { hint: true })} label={t('forms.patientName')} hint={t('forms.patientNameHint')} type="text" autoComplete="off" maxLength={100} />
      <TextField state={form.field('patientAge')} label={t('forms.patientAge')} type="number" inputMode="numeric" min={0} max={120} step={1} />
      <TextAreaField state={form.field('additionalInfo')} label={t('forms.additionalInfo')} placeholder={t('forms.additionalInfoPlaceholder')} maxLength={3000} className="sm:col-span-2" />
      <FileField
        state={fileState}
        label={t('forms.file')}
        required
        hint={t('forms.fileHint')}
        inputRef={fileInput}
        accept=".pdf,.jpg,.jpeg,.png,.docx,.stl"
        onChange={(event) => void takeFile(event.currentTarget.files?.[0])}
        chosen={file ? t('forms.fileChosen', { name: file.name, size: file.size }) : null}
        onRemove={clearFile}
        className="sm:col-span-2"
      />
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitRow sending={form.sending || checking} label={t('forms.submitOrder')} sendingLabel={checking ? t('common.loading') : t('forms.submitting')} />
      </div>
    </form>
  );
}
