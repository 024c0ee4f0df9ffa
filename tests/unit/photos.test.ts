import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { cropRect } from '../../scripts/pictures.ts';
import { Photo, photoPageIds } from '../../schemas/index.ts';
import { photoSlots } from '../../src/shared/photo-slots.ts';
import { projectRoot } from '../support/fixtures.ts';

const alt = { en: 'A zirconia crown on the model', nl: 'Een zirkoniakroon op het model' };
const consent = { by: 'A. de Wit', date: '2026-10-01', for: ['website'], record: 'consent form 2026-014, lab office' };
const rules = (value: unknown) => {
  const result = Photo.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')} ${(issue as { params?: { rule?: string } }).params?.rule ?? issue.code}`);
};

describe('a photograph in the content', () => {
  it('of work on a model needs no consent', () => {
    expect(rules({ src: 'photos/crown.jpg', alt, credit: 'the lab', shows: 'work' })).toEqual([]);
  });

  it('of a person or a patient is refused without consent, with consent that leaves out the website, or dated in the future', () => {
    for (const shows of ['person', 'patient']) {
      expect(rules({ src: 'photos/anna.jpg', alt, credit: 'the lab', shows })).toEqual(['consent photo/consent']);
      expect(rules({ src: 'photos/anna.jpg', alt, credit: 'the lab', shows, consent })).toEqual([]);
      expect(rules({ src: 'photos/anna.jpg', alt, credit: 'the lab', shows, consent: { ...consent, for: ['print'] } })).toEqual(['consent.for photo/consent']);
      expect(rules({ src: 'photos/anna.jpg', alt, credit: 'the lab', shows, consent: { ...consent, date: '2999-01-01' } })).toEqual(['consent.date photo/consent']);
    }
  });

  it('is a raster photograph with alt text in both languages and a credit', () => {
    expect(rules({ src: 'photos/crown.svg', alt, credit: 'the lab', shows: 'work' })).toEqual(['src invalid_format']);
    expect(rules({ src: 'photos/crown.jpg', alt: { en: 'A crown' }, credit: 'the lab', shows: 'work' })).toEqual(['alt.nl invalid_type']);
    expect(rules({ src: 'photos/crown.jpg', alt, shows: 'work' })).toEqual(['credit invalid_type']);
  });
});

describe("a release of today's content", () => {
  it("warns, and only warns, for every page still without the lab's photograph", () => {
    const found = checkContent({ root: projectRoot, release: true }).diagnostics.filter((d) => d.rule === 'release/no-photo');
    expect(found.every((d) => d.severity === 'warning')).toBe(true);
    const files = new Set(found.map((d) => d.file));
    // Every service and every page whose hero takes a photograph, and the about page's missing team.
    for (const id of photoPageIds) expect(files).toContain(`content/pages/${id}.yaml`);
    expect(files).toContain('content/services/zirconia.yaml');
    expect(files).not.toContain('content/pages/privacy.yaml');
    expect(found.filter((d) => d.file === 'content/pages/about.yaml').map((d) => d.path)).toEqual(['hero', 'highlights']);
  });

  it('says nothing of photographs in a preview', () => {
    expect(checkContent({ root: projectRoot }).diagnostics.filter((d) => d.rule === 'release/no-photo')).toEqual([]);
  });
});

describe('a crop', () => {
  it('has the shape asked for, lies inside the photograph, and keeps the focus in view', () => {
    const shapes = Object.values(photoSlots).flatMap((slot) => slot.map((crop) => crop.aspect));
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 6000 }),
        fc.integer({ min: 40, max: 6000 }),
        fc.constantFrom(...shapes),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (width, height, aspect, x, y) => {
          const rect = cropRect({ width, height }, aspect, { x, y });
          expect(rect.left).toBeGreaterThanOrEqual(0);
          expect(rect.top).toBeGreaterThanOrEqual(0);
          expect(rect.left + rect.width).toBeLessThanOrEqual(width);
          expect(rect.top + rect.height).toBeLessThanOrEqual(height);
          // As large as the shape allows: it touches both edges of one side.
          expect(rect.width === width || rect.height === height || Math.abs(rect.width - width) <= 1 || Math.abs(rect.height - height) <= 1).toBe(true);
          expect(Math.abs(rect.width / rect.height - aspect[0] / aspect[1])).toBeLessThan(2 / Math.min(rect.width, rect.height) + 0.02);
          // The focus is inside the crop (the crop moves with it as far as the edges allow).
          expect(rect.left).toBeLessThanOrEqual(Math.ceil((x / 100) * width));
          expect(rect.left + rect.width).toBeGreaterThanOrEqual(Math.floor((x / 100) * width));
          expect(rect.top).toBeLessThanOrEqual(Math.ceil((y / 100) * height));
          expect(rect.top + rect.height).toBeGreaterThanOrEqual(Math.floor((y / 100) * height));
        },
      ),
      { numRuns: 500 },
    );
  });
});
