import { databaseTrouble } from './db/db-errors.ts';

export interface GuardLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
  fatal(object: object, message: string): void;
}

/** Before the app's logger exists: JSON lines on stderr, like pino's (errors with message and stack). */
const serialise = (_key: string, value: unknown) => (value instanceof Error ? { ...value, type: value.name, message: value.message, stack: value.stack } : value);
const line = (level: number) => (object: object, message: string) => console.error(JSON.stringify({ level, time: Date.now(), ...object, msg: message }, serialise));
export const stderrLog: GuardLog = { warn: line(40), error: line(50), fatal: line(60) };

export interface ProcessGuards {
  /** Send what the guards see to the app's log. */
  useLog(log: GuardLog): void;
  /** The server is up: from now on `stop` ends it (gracefully) after an uncaught exception. */
  serving(stop: (exitCode: number) => void): void;
}

/**
 * Process-wide last resorts (main.ts only; tests never install them):
 * - a promise nobody awaited failed: log it and carry on; one stray rejection must not end
 *   every user's work;
 * - an exception nobody caught: the process is in an unknown state, so it ends and the supervisor
 *   starts a new one; except a database connection error once serving (say, a connection's
 *   'error' event without a listener): the pool replaces broken connections by itself;
 * - before serving (start-up, migrations) any failure ends the process with exit code 1; Node
 *   hands a failed top-level await to 'uncaughtException', and a listener would otherwise turn
 *   it into a silent exit 0.
 */
export function installProcessGuards(target: NodeJS.EventEmitter = process, exit: (code: number) => void = (code) => process.exit(code)): ProcessGuards {
  let log = stderrLog;
  let stop: ((exitCode: number) => void) | null = null;
  target.on('unhandledRejection', (reason: unknown) => {
    log.error({ err: reason }, 'unhandled promise rejection');
  });
  target.on('uncaughtException', (error: Error) => {
    if (stop && databaseTrouble(error)) {
      log.warn({ err: error }, 'database connection error outside a request');
      return;
    }
    log.fatal({ err: error }, stop ? 'uncaught exception: shutting down' : 'start-up failed');
    if (stop) stop(1);
    else exit(1);
  });
  return {
    useLog: (next) => {
      log = next;
    },
    serving: (next) => {
      stop = next;
    },
  };
}
