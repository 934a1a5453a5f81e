import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The browser files run longest first (each file's seconds in durations.json, measured on our
// machines; a file not listed counts as a long one): with two workers the last file to start is a
// short one, so neither worker waits long for the other at the end (longest processing time first).

const durations: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));
const UNKNOWN_SECONDS = 45;

const secondsOf = (spec: TestSpecification) => durations[basename(spec.moduleId).replace(/\.test\.ts$/, '')] ?? UNKNOWN_SECONDS;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => secondsOf(b) - secondsOf(a) || a.moduleId.localeCompare(b.moduleId));
  }
}
