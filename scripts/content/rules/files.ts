/** Rules about the files of content/: which are read, which are missing, and whether each is named after what it declares. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'content/empty-file': { severity: 'error', description: 'The file is empty.' },
  'content/missing-file': { severity: 'error', description: 'A file every site needs (`site.yaml`, `navigation.yaml`, `ui.yaml`) or the content folder itself is missing.' },
  'content/missing-page': { severity: 'error', description: 'A page every site needs (home, about, contact, ...) has no file in `content/pages/`.' },
  'content/unknown-file': {
    severity: 'error',
    also: { severity: 'warning', when: 'for a file that is not YAML, or a folder without YAML' },
    description: 'A file is not where the site reads it: a YAML file anywhere else (the top of `content/`, a misspelt or nested folder) is an error, since nothing in it is published. System and editor files (`.DS_Store`, `*~`, `.swp`) are passed over.',
  },
  'content/file-name': { severity: 'error', description: 'A content file ends in `.yml` or `.YAML`: the site reads only `.yaml`, in lower case.' },
  'file/name-mismatch': { severity: 'error', description: 'A slug or id differs from its file name.' },
  'slug/duplicate': { severity: 'error', description: 'Two pages share a path (reported on both files), or a page takes a path reserved for services and articles.' },
});
