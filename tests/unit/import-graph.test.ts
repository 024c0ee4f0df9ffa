import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, unitOf, type Edge } from '../../scripts/import-graph.ts';
import { projectRoot } from '../support/fixtures.ts';

const edge = (from: string, to: string): Edge => ({ from, to, count: 1, example: '' });

describe('the import graph between folders', () => {
  it('counts each feature folder on its own and files at the top of src/ in no folder', () => {
    expect(unitOf('src/features/forms/use-form.ts')).toBe('src/features/forms');
    expect(unitOf('src/lib/i18n.tsx')).toBe('src/lib');
    expect(unitOf('src/generated/pages/home.en.ts')).toBe('src/generated');
    expect(unitOf('schemas/forms.ts')).toBe('schemas');
    expect(unitOf('src/styles.css')).toBeUndefined();
  });

  it('finds a cycle through several folders once, and none in a graph that goes one way', () => {
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c', 'a']]);
    expect(cycles([edge('a', 'b'), edge('a', 'c'), edge('b', 'c')])).toEqual([]);
  });

  // The layer rules themselves are ESLint's: tests/unit/wrong-imports.test.ts lints an import of each kind they refuse.
  it('has no cycle between the folders of this project', () => {
    const graph = folderGraph(projectRoot);
    expect(graph.some((e) => e.from === 'src/templates' && e.to === 'src/components')).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });
});
