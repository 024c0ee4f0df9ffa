import type { Lang } from '../../schemas/common.ts';
import type { FormsSettings } from '../../schemas/site-index.ts';
import { basename } from 'node:path';
import { uploadFormats, type UploadKind } from '../shared/file-check.ts';
import { fileSize, longDate } from '../shared/format.ts';
import { maxAttachedBytes } from '../shared/upload-limits.ts';
import { uploadKindNames } from '../shared/upload-names.ts';
import { safeHeader, type MailMessage } from './mail.ts';
import type { SubmissionKind } from './store.ts';
import { appointmentServices } from '../../schemas/appointment-services.ts';
import { visitorFields, type FormKind, type FormValues } from '../../schemas/form-requests.ts';
import { appointmentServiceLabels } from '../shared/appointment-services.ts';
import { writeTeeth } from '../../schemas/teeth.ts';

// The mails a submission causes: a notification to the lab (in Dutch, the lab's language) listing every
// field with its form label, and for an appointment a confirmation to the visitor in their language.
// Every text comes from content/ui.yaml through dist/site.json (forms.messages).

/** Looks up "group.key" and fills its {placeholders}; throws on a missing text, a build/server mismatch. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export function translator(messages: Record<string, string>): Translate {
  return (key, vars = {}) => {
    const text = messages[key];
    if (text === undefined) throw new Error(`no text "${key}" in site.json forms.messages`);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}

/** A file sent with an order, as the lab's mail describes and attaches it. */
export interface UploadInfo {
  /** Where keepUpload put it: uploads/order-<id>-<position>.<extension>. */
  path: string;
  /** Its name on the sender's disk (cleaned to one line without controls), shown as text in the lab's mail. */
  filename: string;
  kind: UploadKind;
  size: number;
}

/** An order's files with the id of its submission, which the desk command that fetches them takes. */
export interface OrderFiles {
  id: string;
  /** In the order they were sent. */
  files: UploadInfo[];
}

/** Who mails whom, with the site's facts. */
export interface MailSetup {
  forms: FormsSettings;
  /** The lab's inbox for notifications (LAB_EMAIL or the site's address). */
  labTo: string;
  /** The From of every mail. */
  from: string;
}

/** One field of a form in the lab's mail: a key of the form's schema, so renaming a field there is a type error here. */
interface Line<K extends FormKind> {
  field: Extract<keyof FormValues<K>, string>;
  label: string;
  /** Free text that may run over several lines: set under its label, after the one-line fields. */
  block?: boolean;
  format?: (value: unknown, t: Translate, lang: Lang) => string;
  /** What an absent value means, when it is not "not filled in" (an unticked box is a no). */
  absent?: string;
}

/** A submission's values by its form's schema keys, as stored (each still to be read as text), so renaming a field there is a type error here. */
type FieldValues<K extends FormKind> = Partial<Record<Extract<keyof FormValues<K>, string>, unknown>>;

/** A line of any form's layout. */
type AnyLine = { [K in FormKind]: Line<K> }[FormKind];

/** The name of an appointment service in the mail's language; the schema has made sure it is one. */
const serviceName = (value: unknown, t: Translate) => {
  const service = appointmentServices.find((id) => id === value);
  return service ? t(appointmentServiceLabels[service]) : text(value);
};

// Made once: building an Intl formatter costs far more than using one.
const receivedFormat = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

const layouts: { [K in FormKind]: Line<K>[] } = {
  appointment: [
    { field: 'FullName', label: 'forms.name' },
    { field: 'EmailAddress', label: 'forms.email' },
    { field: 'PhoneNumber', label: 'forms.phone' },
    { field: 'Service', label: 'forms.service', format: serviceName },
    { field: 'PreferredDate', label: 'forms.date', format: (value, _t, lang) => `${longDate(String(value), lang, { weekday: true })} (${String(value)})` },
    { field: 'PreferredTime', label: 'forms.time' },
    { field: 'AdditionalMessage', label: 'forms.message', block: true },
  ],
  order: [
    { field: 'dentistName', label: 'forms.dentistName' },
    { field: 'clinicName', label: 'forms.clinicName' },
    { field: 'email', label: 'forms.email' },
    { field: 'phone', label: 'forms.phone' },
    { field: 'serviceType', label: 'forms.serviceType' },
    { field: 'dueDate', label: 'forms.dueMail', format: (value, _t, lang) => `${longDate(String(value), lang, { weekday: true })} (${String(value)})` },
    { field: 'dueKind', label: 'forms.dueKind', format: (value, t) => t(value === 'appointment' ? 'forms.dueAppointment' : 'forms.dueDelivery') },
    { field: 'teeth', label: 'forms.teeth', format: (value) => (Array.isArray(value) ? writeTeeth(value.filter((tooth) => typeof tooth === 'number')) : text(value)) },
    { field: 'shade', label: 'forms.shade' },
    { field: 'stage', label: 'forms.stage', format: (value, t) => t(value === 'tryIn' ? 'forms.stageTryIn' : 'forms.stageFinal') },
    { field: 'pickup', label: 'forms.pickupMail', format: (value, t) => (value === true ? t('mail.answerYes') : text(value)), absent: 'mail.answerNo' },
    { field: 'patientName', label: 'forms.patientName' },
    { field: 'patientAge', label: 'forms.patientAge' },
    { field: 'additionalInfo', label: 'forms.additionalInfo', block: true },
  ],
  contact: [
    { field: 'name', label: 'forms.name' },
    { field: 'email', label: 'forms.email' },
    { field: 'subject', label: 'forms.subject' },
    { field: 'message', label: 'forms.contactMessage', block: true },
  ],
  testimonial: [
    { field: 'name', label: 'forms.name' },
    { field: 'role', label: 'forms.role' },
    { field: 'rating', label: 'forms.rating', format: (value, t) => t('forms.ratingOption', { n: String(value) }) },
    { field: 'consent', label: 'forms.consent', format: (value, t) => (value === true ? t('mail.answerYes') : String(value)) },
    { field: 'text', label: 'forms.testimonialText', block: true },
  ],
};

const subjects: { [K in FormKind]: { key: string; vars: Record<string, Extract<keyof FormValues<K>, string>> } } = {
  appointment: { key: 'mail.labAppointmentSubject', vars: { name: 'FullName' } },
  order: { key: 'mail.labOrderSubject', vars: { name: 'dentistName', clinic: 'clinicName' } },
  contact: { key: 'mail.labContactSubject', vars: { name: 'name', subject: 'subject' } },
  testimonial: { key: 'mail.labTestimonialSubject', vars: { name: 'name' } },
};

const intros: Record<SubmissionKind, string> = {
  appointment: 'mail.labAppointmentIntro',
  order: 'mail.labOrderIntro',
  contact: 'mail.labContactIntro',
  testimonial: 'mail.labTestimonialIntro',
};

/** Every text the mails use, so the server can refuse at start a site.json that lacks one. */
export const mailMessageKeys: string[] = [
  ...new Set([
    ...Object.values(layouts).flatMap((lines) => lines.map((line) => line.label)),
    ...Object.values(subjects).map((subject) => subject.key),
    ...Object.values(intros),
    'forms.ratingOption',
    'forms.dueAppointment',
    'forms.dueDelivery',
    'forms.stageTryIn',
    'forms.stageFinal',
    'mail.answerYes',
    'mail.answerNo',
    'mail.labReceived',
    'mail.reference',
    'mail.labLanguage',
    'mail.languageEn',
    'mail.languageNl',
    'mail.labFile',
    'mail.labFiles',
    'mail.labFileValue',
    'mail.labFileAttached',
    'mail.labFilesAttached',
    'mail.labFilesNotAttached',
    'mail.labReply',
    'mail.notFilled',
    'mail.confirmSubject',
    'mail.confirmGreeting',
    'mail.confirmIntro',
    'mail.confirmNotFixed',
    'mail.confirmReach',
    'mail.confirmClosing',
    'mail.confirmSignature',
    'mail.confirmIgnore',
    'forms.service',
    'forms.date',
    'forms.time',
  ]),
];

/** `"Name" <address>` with the name cleaned, so nothing in it can open another address or header. */
export function mailbox(name: string, address: string): string {
  const cleaned = safeHeader(name)
    .replace(/["\\<>]/g, '')
    .trim();
  return cleaned ? `"${cleaned}" <${address}>` : address;
}

/** The From when MAIL_FROM is not set: `"<site name> website" <lab address>`. */
export function defaultFrom(siteName: string, labAddress: string): string {
  return mailbox(`${siteName} website`, labAddress);
}

/** A submitted value as text: the schemas make every field a string, a number or a boolean. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** The desk command (npm run submissions, see the README) that copies an order's files into a folder. */
export const fetchFilesCommand = (id: string) => `npm run submissions -- files ${id} <folder>`;

/**
 * The lines of the lab's mail about an order's files: each with the sender's name for it, its detected
 * type and size, numbered as its attachment is (order-<id>-<n>); then whether they are attached (at most
 * `maxAttachedBytes` together) or, above that, their total and the command that fetches them.
 */
function fileLines(order: OrderFiles, t: Translate): string[] {
  const describe = (file: UploadInfo) => t('mail.labFileValue', { name: file.filename, type: uploadKindNames[file.kind], size: fileSize(file.size, 'nl') });
  const total = order.files.reduce((sum, file) => sum + file.size, 0);
  const [only] = order.files;
  const lines =
    order.files.length === 1 && only
      ? [`${t('mail.labFile')}: ${describe(only)}`]
      : [`${t('mail.labFiles', { count: order.files.length, size: fileSize(total, 'nl') })}:`, ...order.files.map((file, index) => `${index + 1}. ${describe(file)}`)];
  if (attachedWhole(order)) lines.push(t(order.files.length === 1 ? 'mail.labFileAttached' : 'mail.labFilesAttached'));
  else lines.push(t('mail.labFilesNotAttached', { size: fileSize(total, 'nl') }), fetchFilesCommand(order.id));
  return lines;
}

/** Whether the lab's mail carries an order's files: all of them while they weigh at most `maxAttachedBytes` together, else none. */
const attachedWhole = (order: OrderFiles) => order.files.reduce((sum, file) => sum + file.size, 0) <= maxAttachedBytes;

/** The lab's notification of one submission, in Dutch; with the reference its sender was given, in the subject and first. */
export function labNotification(kind: SubmissionKind, data: Record<string, unknown>, visitorLang: Lang, setup: MailSetup, received: Date, order?: OrderFiles, reference?: string): MailMessage {
  const t = translator(setup.forms.messages.nl);
  const label = (key: string) => t(key).replace(/[.:]\s*$/, '');
  const value = (line: AnyLine) => {
    const raw = data[line.field];
    if (raw === undefined || raw === '') return t(line.absent ?? 'mail.notFilled');
    return line.format ? line.format(raw, t, 'nl') : text(raw);
  };
  const lines: readonly AnyLine[] = layouts[kind];
  const body = [t(intros[kind]), ''];
  if (reference) body.push(`${t('mail.reference')}: ${reference}`);
  // A one-line field stays on its line, whatever line breaks the visitor typed, so no value can pose as another field.
  for (const line of lines.filter((entry) => !entry.block)) body.push(`${label(line.label)}: ${safeHeader(value(line))}`);
  const files = order && order.files.length > 0 ? order : undefined;
  if (files) body.push('', ...fileLines(files, t));
  for (const line of lines.filter((entry) => entry.block)) body.push('', `${label(line.label)}:`, value(line));
  const receivedAt = receivedFormat.format(received);
  body.push('', `${t('mail.labLanguage')}: ${t(visitorLang === 'nl' ? 'mail.languageNl' : 'mail.languageEn')}`, `${t('mail.labReceived')}: ${receivedAt}`);

  const who = visitorFields[kind];
  const name = text(data[who.name]);
  const email = who.email ? text(data[who.email]) : '';
  if (email) body.push('', t('mail.labReply', { name: safeHeader(name) }));
  const subject = subjects[kind];
  const vars = Object.fromEntries(Object.entries(subject.vars).map(([placeholder, field]) => [placeholder, safeHeader(text(data[field]))]));
  return {
    to: setup.labTo,
    from: setup.from,
    ...(email ? { replyTo: mailbox(name, email) } : {}),
    subject: safeHeader(`${t(subject.key, vars)}${reference ? ` [${reference}]` : ''}`),
    text: `${body.join('\n')}\n`,
    // Attached as what their bytes are (order-<id>-1.stl, model/stl); the visitor's own names for them are in the text above.
    ...(files && attachedWhole(files) ? { attachments: files.files.map((file) => ({ path: file.path, filename: basename(file.path), contentType: uploadFormats[file.kind].mime })) } : {}),
  };
}

/** The appointment confirmation to the visitor, in the language of the page they used, with the reference they were given. */
export function appointmentConfirmation(data: FieldValues<'appointment'>, lang: Lang, setup: MailSetup, reference?: string): MailMessage {
  const t = translator(setup.forms.messages[lang]);
  const { siteName, siteUrl, phone, labEmail } = setup.forms;
  const label = (key: string) => t(key).replace(/[.:]\s*$/, '');
  const body = [
    // Nothing the sender typed as free text (a name such as "Win EUR 500 at evil.example") goes to an address anyone can type in.
    t('mail.confirmGreeting'),
    '',
    t('mail.confirmIntro'),
    '',
    ...(reference ? [`${t('mail.reference')}: ${reference}`] : []),
    `${label('forms.service')}: ${serviceName(data.Service, t)}`,
    `${label('forms.date')}: ${longDate(text(data.PreferredDate), lang, { weekday: true })}`,
    `${label('forms.time')}: ${text(data.PreferredTime)}`,
    '',
    t('mail.confirmNotFixed'),
    '',
    t('mail.confirmReach', { phone, email: labEmail }),
    '',
    t('mail.confirmClosing'),
    t('mail.confirmSignature', { siteName }),
    siteUrl,
    '',
    t('mail.confirmIgnore'),
  ];
  return {
    to: text(data.EmailAddress),
    from: setup.from,
    // Answers go to the lab's public address even when MAIL_FROM is a no-reply one.
    replyTo: labEmail,
    subject: safeHeader(t('mail.confirmSubject', { siteName })),
    text: `${body.join('\n')}\n`,
  };
}

/**
 * The mails one accepted submission causes (each carrying `reference`, the one its sender was given), queued with it in one transaction: the lab's notification,
 * and for an appointment the confirmation to the address typed in, which the store sends only a few
 * times a day to one address (anyone can type anyone's address).
 */
export function mailsFor(
  kind: SubmissionKind,
  data: Record<string, unknown>,
  lang: Lang,
  setup: MailSetup,
  received: Date,
  order?: OrderFiles,
  reference?: string,
): { messages: MailMessage[]; confirmation?: { message: MailMessage; recipient: string } } {
  const messages = [labNotification(kind, data, lang, setup, received, order, reference)];
  if (kind !== 'appointment') return { messages };
  const confirmation = appointmentConfirmation(data, lang, setup, reference);
  return { messages, confirmation: { message: confirmation, recipient: confirmation.to } };
}
