import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { run } from '../../scripts/translations.ts';
import { fixtureSite } from '../support/fixtures.ts';

// Each Dutch text is confirmed against its English (content/translations.lock.json); when the English changes
// and the Dutch does not, the check says the Dutch is stale, at the Dutch text.
const command = (args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(args, { log: (text) => out.push(text), error: (text) => err.push(text) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
};

function site() {
  const fixture = fixtureSite();
  const file = (name: string) => join(fixture.root, name);
  const edit = (name: string, change: (text: string) => string) => writeFileSync(file(name), change(readFileSync(file(name), 'utf8')));
  const stale = (release = false) => checkContent({ root: fixture.root, release }).diagnostics.filter((d) => d.rule === 'i18n/stale-nl');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Author', '-c', 'user.email=author@example.nl', '-c', 'commit.gpgsign=false', ...args], { cwd: fixture.root, stdio: 'pipe' });
  return { ...fixture, file, edit, stale, git, translations: (...args: string[]) => command([...args, `--root=${fixture.root}`]) };
}

describe('translations that know when they are stale', () => {
  it('before any confirmation, every file with texts is unconfirmed and nothing is stale', () => {
    const s = site();
    try {
      const { code, stdout } = s.translations();
      expect(code).toBe(0);
      expect(stdout).toMatch(/^content\/services\/zirconia\.yaml\s+unconfirmed\s+\d+ texts \(\d+ unconfirmed: name, seo\.title, seo\.description, hero\.title, \.\.\.\)$/m);
      expect(s.stale()).toEqual([]);
    } finally {
      s.cleanup();
    }
  });

  it('a changed English text makes its Dutch stale, at the Dutch text, until the file is confirmed again', () => {
    const s = site();
    try {
      expect(s.translations('--confirm', 'content').code).toBe(0);
      expect(s.translations().stdout).toMatch(/^content\/services\/zirconia\.yaml\s+complete\s+\d+ texts$/m);
      expect(s.translations().stdout).toContain('0 stale, 0 with texts never confirmed, 0 missing Dutch.');

      s.edit('content/services/zirconia.yaml', (text) => text.replace('title: { en: Zirconia crowns, nl: Zirkonia kronen }', 'title: { en: Monolithic zirconia crowns, nl: Zirkonia kronen }'));
      expect(s.stale()).toEqual([
        {
          file: 'content/services/zirconia.yaml',
          line: 10,
          column: 48,
          severity: 'warning',
          rule: 'i18n/stale-nl',
          path: 'hero.title.nl',
          message: 'the English has changed since this Dutch text was confirmed; it is now "Monolithic zirconia crowns"',
          hint: 'bring the Dutch in line with the English, then run npm run translations -- --confirm content/services/zirconia.yaml',
        },
      ]);
      // A release publishes no stale Dutch.
      expect(s.stale(true).map((d) => d.severity)).toEqual(['error']);
      expect(s.translations().stdout).toMatch(/^content\/services\/zirconia\.yaml\s+stale\s+\d+ texts \(1 stale: hero\.title\)$/m);

      s.edit('content/services/zirconia.yaml', (text) => text.replace('nl: Zirkonia kronen }', 'nl: Monolithische zirkonia kronen }'));
      expect(s.translations('--confirm', 'content/services/zirconia.yaml').stdout).toMatch(/^content\/services\/zirconia\.yaml: confirmed \d+ Dutch texts$/m);
      expect(s.stale()).toEqual([]);
    } finally {
      s.cleanup();
    }
  });

  it('names the English as it was confirmed when git has that version', () => {
    const s = site();
    try {
      s.git('init', '-q');
      s.translations('--confirm', 'content');
      s.git('add', '-A');
      s.git('commit', '-q', '-m', 'content with its Dutch confirmed');
      s.edit('content/services/zirconia.yaml', (text) =>
        text.replace('{ en: Brush twice a day., nl: Twee keer per dag poetsen. }', '{ en: Brush twice a day and floss once., nl: Twee keer per dag poetsen. }'),
      );
      s.git('commit', '-q', '-am', 'a longer care tip');
      const [found, ...more] = s.stale();
      expect(more).toEqual([]);
      expect(found).toMatchObject({
        line: 20,
        path: 'moreInfo[2].text.nl',
        message: 'the English has changed since this Dutch text was confirmed: it was "Brush twice a day." and is now "Brush twice a day and floss once."',
      });
    } finally {
      s.cleanup();
    }
  });

  it('a text without Dutch is reported missing and is not confirmed', () => {
    const s = site();
    try {
      s.edit('content/pages/about.yaml', (text) => text.replace(/^(\s+title: \{ en: [^,]+), nl: [^}]+\}/m, '$1 }'));
      const confirmed = s.translations('--confirm', 'content/pages');
      expect(confirmed.stdout).toMatch(/^content\/pages\/about\.yaml: confirmed \d+ Dutch texts; 1 without Dutch left unconfirmed/m);
      expect(s.translations().stdout).toMatch(/^content\/pages\/about\.yaml\s+missing\s+\d+ texts \(1 missing: [a-z.[\]0-9]+\)$/m);
    } finally {
      s.cleanup();
    }
  });

  it('refuses what it cannot confirm, with exit code 2', () => {
    const s = site();
    try {
      const noPath = s.translations('--confirm');
      expect(noPath.code).toBe(2);
      expect(noPath.stderr).toContain('--confirm needs the content files or folders to confirm');
      const noFlag = s.translations('content');
      expect(noFlag.code).toBe(2);
      expect(noFlag.stderr).toContain('write --confirm before it');
      expect(s.translations('--confirm', 'src')).toMatchObject({ code: 2, stderr: '"src" is not a file or folder in content/' });
      expect(s.translations('--confirm', 'content/services/nope.yaml')).toMatchObject({ code: 2 });
      expect(s.translations('--frobnicate')).toMatchObject({ code: 2 });
    } finally {
      s.cleanup();
    }
  });
});
