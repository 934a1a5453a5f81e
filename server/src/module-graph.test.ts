import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crossModule, importEdges, loops, moduleGraph, sourceFiles } from '../test/module-graph.ts';

const src = dirname(fileURLToPath(import.meta.url));

describe('module graph', () => {
  it('prints', () => {
    const files = sourceFiles(src);
    const edges = importEdges(files);
    const graph = moduleGraph(edges);
    const cross = crossModule(edges);
    const pairs = new Set(cross.map((e) => `${e.fromModule} -> ${e.toModule}`));
    console.log('files', files.length, 'edges', edges.length, 'cross-module file imports', cross.length, 'module pairs', pairs.size);
    console.log(JSON.stringify(loops(graph)));
    console.log([...pairs].sort().join('\n'));
    expect(files.length).toBeGreaterThan(0);
  });
});
