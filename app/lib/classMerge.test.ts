import fs from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './classMerge';

const APP_DIR = path.resolve(__dirname, '..');

/**
 * Every whitespace-separated word of every string written in app/ (tests and the patterns of
 * classMerge.ts aside): a superset of the class names the app can hand to cn(), since Tailwind
 * only styles class names written out in full in the source.
 */
function wordsInAppStrings(): string[] {
  const words = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const word of node.text.split(/\s+/)) if (word) words.add(word);
    }
    node.forEachChild(visit);
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'public') walk(file);
      } else if (/(?<!\.test)\.tsx?$/.test(entry.name) && entry.name !== 'classMerge.ts') {
        const text = fs.readFileSync(file, 'utf8');
        const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
        visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind));
      }
    }
  };
  walk(APP_DIR);
  return [...words];
}

describe('mergeClasses', () => {
  it('lets the later class of a group win, as tailwind-merge does', () => {
    const cases = [
      '',
      '  p-2   p-4 ',
      'px-2 py-1 p-4',
      'p-4 px-2',
      'inline-flex hidden md:inline-flex',
      'hover:bg-primary/90 hover:bg-accent bg-primary',
      'md:hover:p-2 md:p-3 md:hover:p-4',
      'text-sm leading-7 text-lg/6',
      'leading-7 text-sm',
      'text-sm text-primary text-center text-lg',
      '!p-2 p-4 p-6!',
      '-mt-2 mt-4 -mt-1',
      'border border-t-2 border-primary border-t-border',
      'rounded-md rounded-r-none rounded-lg',
      'size-4 w-2 h-3 size-6',
      'w-full w-[calc(100%-2rem)] w-(--widget-width)',
      'shadow-sm shadow-black/5 shadow-none',
      'ring-2 ring-primary ring-offset-2 ring-offset-background ring-0',
      'group peer lucide lucide group',
      'top-1/2 top-0 inset-0 left-1/2',
      'bg-[radial-gradient(ellipse_at_top,red,transparent)] bg-primary bg-none',
      '[overflow-wrap:anywhere] [overflow-wrap:normal]',
      'data-[state=open]:bg-accent data-[state=open]:bg-primary',
    ];
    for (const classes of cases) expect(mergeClasses(classes), classes).toBe(twMerge(classes));
  });

  it('agrees with tailwind-merge on every word of app/ and every pair of its Tailwind classes', () => {
    const words = wordsInAppStrings();
    expect(words.length).toBeGreaterThan(1000);
    const mismatches: string[] = [];
    const check = (classes: string) => {
      const expected = twMerge(classes);
      const actual = mergeClasses(classes);
      if (actual !== expected && mismatches.length < 20) {
        mismatches.push(`"${classes}": tailwind-merge "${expected}", mergeClasses "${actual}"`);
      }
    };
    // A word twice: tailwind-merge keeps both only when it is not a Tailwind class.
    for (const word of words) check(`${word} ${word}`);
    // Of two Tailwind classes, the first goes exactly when tailwind-merge drops it; that decides
    // any longer list too, as each class is kept or dropped by the classes after it that stay.
    const tailwind = words.filter((word) => twMerge(`${word} ${word}`) === word);
    expect(tailwind.length).toBeGreaterThan(500);
    for (const first of tailwind) for (const second of tailwind) check(`${first} ${second}`);
    expect(mismatches, 'where classMerge.ts and tailwind-merge disagree').toEqual([]);
  }, 120_000);
});
