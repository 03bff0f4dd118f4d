/**
 * Global setup of the e2e project (vitest.config.ts): the hour the run's shared demo seeds are
 * named by (e2e/harness.ts), fixed when the run starts. Named by each file's own hour, a run that
 * crossed the hour made every seed again for the files after it (a clean-clone CI run of
 * 2026-12-02: activities-demo took 308 s instead of 110, seeding 300 × 24 a second time).
 */
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSeedHour: number;
  }
}

export default function setup(project: TestProject): void {
  project.provide('e2eSeedHour', Math.floor(Date.now() / 3_600_000));
}
