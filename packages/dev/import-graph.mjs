// The import graph of the repository's TypeScript (and .mjs) sources, and the circles in it.
// Imports are read and resolved by TypeScript itself (preProcessFile, resolveModuleName with the
// repository's "bundler" resolution), so `@rec/*` workspace packages resolve through their
// package.json exports maps to the source files, exactly as tsc and the bundler see them.
// Every kind of import counts: `import type`, `export … from`, side-effect and dynamic imports.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const SKIP = new Set(['node_modules', 'dist', 'data', '.tsbuild', '.git', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function walk(dir, found) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

const OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
  allowImportingTsExtensions: true,
};

/** file -> the source files it imports (absolute paths), for every source file under `root`. */
export function importGraph(root) {
  const files = walk(root, []);
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(root, (name) => name, OPTIONS);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, OPTIONS, ts.sys, cache).resolvedModule?.resolvedFileName;
      if (resolved && known.has(resolved)) targets.add(resolved);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The circles of a graph: every strongly connected group of two or more files (Tarjan), and files importing themselves. */
export function importCircles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/** One line per circle, its files relative to `root`, each with the files of the circle it imports. */
export function describeCircles(graph, circles, root) {
  return circles.map((group) => {
    const members = new Set(group);
    return group.map((file) => `${relative(root, file)} -> ${graph.get(file).filter((target) => members.has(target)).map((target) => relative(root, target)).join(', ')}`).join('\n  ');
  });
}
