/** The `forms` section of dist/site.json: what the forms API needs from content/, in both languages. */
import type { FormsSettings } from '../../schemas/site-index.ts';
import type { ContentModel } from './check.ts';

/** The interface-string groups the server uses: field errors, API answers, service and field labels, and its mails. */
export const serverUiGroups = ['validation', 'apiErrors', 'appointmentServices', 'forms', 'mail'] as const;

/** Builds the forms settings from checked content; throws when site.yaml or ui.yaml is missing. */
export function formsSettings(model: ContentModel): FormsSettings {
  const site = model.site?.data;
  const ui = model.ui?.data;
  if (!site || !ui) throw new Error('the forms settings need content/site.yaml and content/ui.yaml');
  const messages = (lang: 'en' | 'nl') => Object.fromEntries(serverUiGroups.flatMap((group) => Object.entries(ui[group] ?? {}).map(([key, text]) => [`${group}.${key}`, text[lang]] as const)));
  return {
    siteName: site.name,
    siteUrl: site.url,
    labEmail: site.email,
    phone: site.phone.display,
    retentionDays: site.retentionDays,
    openingHours: site.openingHours,
    messages: { en: messages('en'), nl: messages('nl') },
  };
}
