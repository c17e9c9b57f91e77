import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The project files a file imports at run time (import, export ... from, lazy `import()`),
 * resolved; packages are left out, and so is `import type` (erased from the build).
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const statements = /(?:^|\n)\s*(import|export)(\s+type\b)?[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'|import\s*\(\s*'(\.{1,2}\/[^']+)'/g;
  const specifiers = [...text.matchAll(statements)].flatMap((match) => {
    if (match[4]) return [match[4]];
    return match[2] ? [] : [match[3] as string];
  });
  return specifiers.flatMap((specifier) => {
    const base = resolve(dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path) && statSync(path).isFile());
    return found ? [found] : [];
  });
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const name = (file: string) => relative(SRC, file);
const featureOf = (file: string) => /^features\/([^/]+)\//.exec(name(file))?.[1] ?? null;

/** Every import cycle, each once, as the files around it. */
function findCycles(): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)).map(name));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe('module boundaries', () => {
  it('reads the source tree (the checks below look at real files)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(graph.get(join(SRC, 'app/routes.tsx'))?.length).toBeGreaterThan(5);
  });

  it('no feature folder imports another: shared code lives in components/ and lib/', () => {
    const crossings = files.flatMap((file) => {
      const feature = featureOf(file);
      if (!feature) return [];
      return (graph.get(file) ?? [])
        .filter((target) => featureOf(target) !== null && featureOf(target) !== feature)
        .map((target) => `${name(file)} -> ${name(target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it('components/ and lib/ import no feature and not the app', () => {
    const upward = files
      .filter((file) => /^(components|lib)\//.test(name(file)))
      .flatMap((file) =>
        (graph.get(file) ?? [])
          .filter((target) => /^(features|app)\//.test(name(target)))
          .map((target) => `${name(file)} -> ${name(target)}`),
      );
    expect(upward).toEqual([]);
  });

  it('has no import cycles', () => {
    expect(findCycles()).toEqual([]);
  });
});
