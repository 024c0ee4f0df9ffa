/** Rules of the interface strings (content/ui.yaml) against the code that uses them. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'ui/missing-key': {
    severity: 'error',
    description: 'The code uses an interface string that `ui.yaml` does not have: the page would show the key\'s name. Reported where its group is; a group whose name is a letter or two off (`footr`) is reported once, there.',
  },
  'ui/unused-key': { severity: 'warning', description: 'No code uses this interface string.' },
});
