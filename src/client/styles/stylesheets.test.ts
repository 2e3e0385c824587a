import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The stylesheets use no nesting: a style rule inside another is an unclosed brace, which CSS
 * nesting makes valid, so the build takes it silently and every rule after it in the bundle stops
 * applying (a merge once left one, and the dashboard's later sections lost their styles).
 */
function nestingProblems(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  const stack: ('at-rule' | 'rule')[] = [];
  const problems: string[] = [];
  let prelude = '';
  for (const char of text) {
    if (char === '{') {
      const kind = prelude.trim().startsWith('@') ? 'at-rule' : 'rule';
      if (kind === 'rule' && stack.at(-1) === 'rule')
        problems.push(`a rule inside a rule: ${prelude.trim().slice(0, 60)}`);
      stack.push(kind);
      prelude = '';
    } else if (char === '}') {
      if (!stack.pop()) problems.push('a closing brace with nothing open');
      prelude = '';
    } else if (char === ';') {
      prelude = '';
    } else {
      prelude += char;
    }
  }
  if (stack.length > 0) problems.push(`${stack.length} block(s) left open at the end`);
  return problems;
}

const stylesheets = execFileSync('git', ['ls-files', '*.css'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.startsWith('src/'));

describe('the stylesheets', () => {
  it('finds the stylesheets', () => expect(stylesheets.length).toBeGreaterThan(10));
  it.each(stylesheets)('%s closes every rule before the next begins', (file) => {
    expect(nestingProblems(fs.readFileSync(file, 'utf8'))).toEqual([]);
  });
  it('tells an unclosed rule', () => {
    expect(nestingProblems('.a { color: red;\n.b { color: blue; }')).toEqual([
      'a rule inside a rule: .b',
      '1 block(s) left open at the end',
    ]);
    expect(nestingProblems('@media (min-width: 1px) { .a { color: red; } }')).toEqual([]);
  });
});
