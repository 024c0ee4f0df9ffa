import { z } from 'zod';
import { Localized } from './common.ts';

const Key = z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'write a camelCase key such as "submitButton"');

/**
 * The UI dictionary: every interface string, grouped (`forms:`, `blog:` ...) and keyed in camelCase.
 * The app reads them as `group.key`. `{name}`-style placeholders must appear in both languages.
 */
export const UiDictionary = z.record(Key, z.record(Key, Localized).describe('The strings of one group, by key.')).describe('Interface strings (content/ui.yaml): group -> key -> { en, nl }.');
export type UiDictionary = z.infer<typeof UiDictionary>;

/** Groups every page needs (header, footer, hours, errors); the other groups load with the pages that use them. */
export const shellUiGroups = ['nav', 'footer', 'common', 'hours', 'errors'] as const;

/** Groups the shell's dialogs load with their own code when a visitor opens them (the search): never sent with a page, but every build needs them. */
export const dialogUiGroups = ['search'] as const;

/** Groups only the server uses (the texts of its mails): built into dist/site.json, never sent to the browser. */
export const serverOnlyUiGroups = ['mail'] as const;

/**
 * Strings the generate step writes into pages' content (the alt text of every page's social image, the
 * credit under a photograph), by group: these groups have no module of their own, and the check requires each key.
 */
export const contentUiKeys = { social: ['imageAlt'], photos: ['credit'] } as const;
export const contentUiGroups = Object.keys(contentUiKeys) as (keyof typeof contentUiKeys)[];
