import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Everything a user or an operator of the product needs travels with a clone (issue 29): the README
// and the documents under docs/ link only to files the repository holds.

const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownFiles(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

describe('the documentation', () => {
  const files = ['README.md', ...markdownFiles('docs')];

  it('links only to files in the repository', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const resolved = path.join(root, path.dirname(file), target!);
        if (!resolved.startsWith(root) || !existsSync(resolved)) broken.push(`${file} -> ${target}`);
      }
      if (/\.\.\/shared\//.test(text)) broken.push(`${file} names ../shared/, which a clone does not have`);
    }
    expect(broken).toEqual([]);
  });

  it('holds the spec, the design and the operating contract', () => {
    for (const doc of [
      'docs/design.md',
      'docs/operations.md',
      'docs/spec/access-shell-terminal.md',
      'docs/spec/jobs-drivers-settings.md',
    ])
      expect(existsSync(path.join(root, doc)), doc).toBe(true);
  });
});
