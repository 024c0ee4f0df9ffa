import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../support/fixtures.ts';

// A preview (what a fresh machine runs) says on every page that the lab's details and testimonials are
// examples and shows the sample testimonials; a release build of a site whose facts are all confirmed
// shows neither. Built from the fixture site with one confirmed testimonial (jansen) and one sample.

const scratch = join(projectRoot, 'tests', '.tmp');

/** The fixture site with a sample testimonial, the only one on its home page. */
function siteWithSample(): string {
  const root = mkdtempSync(join(scratch, 'release-'));
  cpSync(join(projectRoot, 'tests', 'fixtures', 'valid'), root, { recursive: true });
  writeFileSync(
    join(root, 'content', 'testimonials', 'smit.yaml'),
    'id: smit\nname: Sanne Smit\nrole: { en: "Patient, Utrecht", nl: "Patiënt, Utrecht" }\ntext: { en: A sample text., nl: Een voorbeeldtekst. }\nsample: true\n',
  );
  const site = join(root, 'content', 'site.yaml');
  // The lab has confirmed its turnaround, pickup and scanners (in the fixture), but gives no guarantee.
  writeFileSync(site, readFileSync(site, 'utf8').replace(/^guarantee: .*\n/m, ''));
  const home = join(root, 'content', 'pages', 'home.yaml');
  writeFileSync(home, readFileSync(home, 'utf8').replace('  items: [jansen]', '  items: [smit]'));
  return root;
}

/** Every HTML file of a build, by its path under dist/client. */
function pages(dist: string): Map<string, string> {
  const client = join(dist, 'client');
  return new Map((readdirSync(client, { recursive: true }) as string[]).filter((file) => file.endsWith('.html')).map((file) => [file, readFileSync(join(client, file), 'utf8')]));
}

describe('preview and release builds', () => {
  let root: string;
  let preview: Map<string, string>;
  let release: Map<string, string>;

  beforeAll(() => {
    root = siteWithSample();
    // As `npm run build` runs it: its own process, with production React (a test's NODE_ENV would not be).
    const build = (isRelease: boolean) => {
      const dist = join(root, isRelease ? 'dist-release' : 'dist-preview');
      const { NODE_ENV: _test, VITEST: _vitest, ...env } = process.env;
      const args = ['scripts/build.ts', `--content-root=${root}`, `--manifest-dir=${join(root, 'generated')}`, `--dist=${dist}`, ...(isRelease ? ['--release'] : [])];
      const result = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ...args], { cwd: projectRoot, env, encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain(isRelease ? 'built for release' : 'built a preview');
      return pages(dist);
    };
    preview = build(false);
    release = build(true);
  }, 180_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a release, and only a release, records the URLs it published in the content folder', () => {
    const list = readFileSync(join(root, 'content', 'published-urls.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(list).toContain('/about content/pages/about.yaml');
    expect(list).toContain('/services/zirconia content/services/zirconia.yaml');
    expect(list).toContain('/blog/care-tips content/articles/care-tips.yaml');
    // The English paths, one per page of the release (the Dutch ones follow them).
    expect(list).toHaveLength([...release.keys()].filter((file) => file.endsWith('index.html') && !file.startsWith('nl/')).length);
  });

  it('a preview says on every page, in its language, that the facts and testimonials are examples', () => {
    expect(preview.size).toBeGreaterThan(20);
    for (const [file, html] of preview) {
      const notice = /<aside[^>]*data-preview-banner=""[^>]*>([^<]*)<\/aside>/.exec(html)?.[1];
      expect(notice, file).toBe(
        file.startsWith('nl/')
          ? 'Voorbeeldweergave: de gegevens van het lab en de ervaringen op deze site zijn voorbeelden, nog niet bevestigd.'
          : 'Preview: the lab&#x27;s details and the testimonials on this site are examples, not yet confirmed.',
      );
    }
  });

  it('a preview shows the sample testimonial beside the confirmed one', () => {
    expect(preview.get('index.html')).toContain('Sanne Smit');
    expect(preview.get('testimonials/index.html')).toContain('Sanne Smit');
    expect(preview.get('testimonials/index.html')).toContain('Eva Jansen');
  });

  it("shows the lab's confirmed facts on the page for dentists, without the example mark, and no section for a fact it does not give", () => {
    for (const build of [preview, release]) {
      const en = build.get('for-doctors/index.html')!;
      const nl = build.get('nl/for-doctors/index.html')!;
      expect(en).toMatch(/<th scope="row"[^>]*>Zirconia crown<\/th><td[^>]*>6 working days<\/td>/);
      expect(en).toMatch(/<th scope="row"[^>]*>Long bridge<\/th><td[^>]*>9–12 working days<\/td>/);
      expect(nl).toMatch(/<th scope="row"[^>]*>Zirkoniakroon<\/th><td[^>]*>6 werkdagen<\/td>/);
      // The courier's days are not consecutive, so each is named; the same-day time is the fact's.
      expect(en).toContain('Monday, Wednesday, Friday');
      expect(nl).toContain('Maandag, woensdag, vrijdag');
      expect(en).toContain('Ask before 10:30');
      expect(en).toContain('<strong>Fixture Lab Trios</strong>');
      // A scanner the settings give no ID shows "ask us"; the MDR text names the lab from the settings.
      expect(en).toMatch(/>Ask us(<!-- -->)? (<!-- -->)?<\/p>/);
      expect(en).toContain('Fixture Lab B.V. issues a statement.');
      expect(en).toMatch(/<h2 id="turnaround"[^>]*>Turnaround<\/h2>/);
      expect(en).not.toContain('id="guarantee"');
      // Confirmed facts carry no example mark, in either build.
      expect(en).not.toContain('example-mark');
      expect(nl).not.toContain('example-mark');
      // No downloads in the settings: no section for them.
      expect(en).not.toContain('id="downloads"');
    }
  });

  it('shows the confirmed clinical role on the appointment page and the page for dentists, and the figures in texts, in both builds and languages', () => {
    for (const build of [preview, release]) {
      const appointment = build.get('appointment/index.html')!;
      expect(appointment).toContain('Our clinical prosthetic technician (KPT)');
      expect(appointment).toContain('Our KPT takes the impressions for your full denture on your dentist&#x27;s instruction.');
      expect(appointment).toContain('Tell our complaints officer at info@example.nl.');
      expect(appointment).toMatch(/<a href="https:\/\/www\.example\.nl\/disputes"[^>]*>Fixture disputes committee/);
      expect(build.get('nl/appointment/index.html')).toContain('Onze KPT maakt de afdrukken voor uw volledige prothese in opdracht van uw tandarts.');
      const dentists = build.get('for-doctors/index.html')!;
      expect(dentists).toMatch(/<h2 id="clinical"[^>]*>Our clinical prosthetic technician \(KPT\)<\/h2>/);
      expect(dentists).toContain('href="#clinical"');
      expect(appointment).not.toContain('example-mark');
      expect(build.get('about/index.html')).toContain('Over 12 years, with a same-day rush service for urgent cases.');
      expect(build.get('nl/about/index.html')).toContain('Ruim 12 jaar, met een spoedservice op dezelfde dag voor spoedgevallen.');
    }
  });

  it('a release shows no notice and no sample anywhere, and a section left without testimonials invites one', () => {
    expect(release.size).toBe(preview.size);
    for (const [file, html] of release) {
      expect(html, file).not.toContain('data-preview-banner');
      expect(html, file).not.toContain('Sanne Smit');
    }
    expect(release.get('testimonials/index.html')).toContain('Eva Jansen');
    expect(release.get('index.html')).toContain('No testimonials yet.');
    expect(release.get('nl/index.html')).toContain('Nog geen ervaringen.');
  });
});
