import { describe, expect, it } from 'vitest';
import { parseJsonWithPositions } from '../../../../scripts/content/problems/parse-json-with-positions';
import { fileProblem, jsonPath, problemAt } from '../../../../scripts/content/problems/problem-at';
import { problem } from '../../../../scripts/content/problems/catalog';

const text = '{\n  "title": "About",\n  "blocks": [\n    { "type": "hero", "level": 3 }\n  ]\n}\n';
const doc = { file: 'pages/about.json', parsed: parseJsonWithPositions(text) };

describe('problem-at', () => {
  it('writes a path as people read it', () => {
    expect(jsonPath(['blocks', 0, 'level'])).toBe('blocks[0].level');
    expect(jsonPath([])).toBe('');
  });

  it('places a problem at the value its path leads to, with the catalog’s code and words', () => {
    expect(problemAt(doc, ['blocks', 0, 'level'], problem('heroNotFirst', 2))).toEqual({
      file: 'pages/about.json',
      line: 4,
      column: 32,
      path: 'blocks[0].level',
      ...problem('heroNotFirst', 2),
    });
  });

  it('places it at the property’s name when asked, and where a missing value would go', () => {
    expect(problemAt(doc, ['title'], problem('emptyPage'), 'key')).toMatchObject({ line: 2, column: 3, path: 'title' });
    expect(problemAt(doc, ['blocks', 0, 'anchor'], problem('emptyPage'))).toMatchObject({ line: 4, column: 5, path: 'blocks[0].anchor' });
  });

  it('places it at a position given, keeping the path', () => {
    expect(problemAt(doc, ['title'], problem('emptyPage'), { line: 7, column: 2 })).toMatchObject({ line: 7, column: 2, path: 'title' });
  });

  it('makes a problem of a whole file at its first line, with no path, unless told where', () => {
    expect(fileProblem('pages/x.txt', problem('notJsonFile', 'pages/x.txt', 'pages/x.json'))).toEqual({
      file: 'pages/x.txt',
      line: 1,
      column: 1,
      path: '',
      ...problem('notJsonFile', 'pages/x.txt', 'pages/x.json'),
    });
    expect(fileProblem('pages/x.json', problem('byteOrderMark'), { line: 3, column: 9 })).toMatchObject({ line: 3, column: 9, path: '' });
  });
});
