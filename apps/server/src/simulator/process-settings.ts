/**
 * What a demo seed tells the simulator for the rest of the process: the table servers'
 * configuration (tables.ts), the providers' apps (providers.ts) and the house controls of its
 * demo players (domains/controls/demo-players.ts). A server process seeds once and then plays
 * live with them.
 *
 * One object per process, kept on globalThis rather than in a module: a test runner that shares
 * its modules between test files (vitest.config.ts, `isolate: false`) may load a module twice,
 * and both copies must see the same settings, which its setup puts back before each file
 * (`reset`), as a process of its own would start.
 */
import type { Known } from '../domains/controls/demo-players';
import type { TableServerConfig } from './tables';

export interface SimulatorSettings {
  tableServers: TableServerConfig[];
  /** Provider code → the application its rounds are sent as. */
  providerApps: Map<string, string>;
  /** A demo player's uid → the house controls the seed set on it. */
  controls: Map<number, Known>;
  reset(): void;
}

const KEY = '__consoleSimulatorSettings';

export const simulatorSettings: SimulatorSettings =
  ((globalThis as Record<string, unknown>)[KEY] as SimulatorSettings | undefined) ??
  ((globalThis as Record<string, unknown>)[KEY] = {
    tableServers: [],
    providerApps: new Map(),
    controls: new Map(),
    reset() {
      this.tableServers = [];
      this.providerApps = new Map();
      this.controls = new Map();
    },
  } satisfies SimulatorSettings);
