/**
 * Runs the cron jobs exported from `convex/crons.ts` on real time, with the
 * schedules Convex supports (interval, cron expression, hourly, daily,
 * weekly, monthly — all in UTC).
 */
import { CronExpressionParser } from "cron-parser";
import type { JSONValue } from "convex/values";
import type { Engine } from "./engine.ts";
import { canonicalUdfPath } from "./protocol.ts";

type Schedule =
  | { type: "interval"; seconds?: number; minutes?: number; hours?: number }
  | { type: "cron"; cron: string }
  | { type: "hourly"; minuteUTC?: number }
  | { type: "daily"; hourUTC: number; minuteUTC?: number }
  | { type: "weekly"; dayOfWeek: number | string; hourUTC: number; minuteUTC?: number }
  | { type: "monthly"; day: number; hourUTC: number; minuteUTC?: number };

type CronJob = { name: string; args: JSONValue[]; schedule: Schedule };

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Milliseconds from `now` until the next run of `schedule`. */
export function msUntilNextRun(schedule: Schedule, now: Date): number {
  if (schedule.type === "interval") {
    return (
      ((schedule.seconds ?? 0) + (schedule.minutes ?? 0) * 60 + (schedule.hours ?? 0) * 3600) * 1000
    );
  }
  const next = CronExpressionParser.parse(cronExpression(schedule), {
    currentDate: now,
    tz: "UTC",
  }).next();
  return next.getTime() - now.getTime();
}

function cronExpression(schedule: Exclude<Schedule, { type: "interval" }>): string {
  switch (schedule.type) {
    case "cron":
      return schedule.cron;
    case "hourly":
      return `${schedule.minuteUTC ?? 0} * * * *`;
    case "daily":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} * * *`;
    case "weekly": {
      const day =
        typeof schedule.dayOfWeek === "number"
          ? schedule.dayOfWeek
          : DAYS.indexOf(schedule.dayOfWeek.toLowerCase());
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} * * ${day}`;
    }
    case "monthly":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} ${schedule.day} * *`;
  }
}

export class CronRunner {
  private timers: NodeJS.Timeout[] = [];
  /** Bumped by every (re)start: a run of an earlier generation does not arm its job again. */
  private generation = 0;
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly engine: Engine,
    private readonly log: (line: string) => void,
  ) {}

  /** (Re)starts every job from the current `crons.ts`. */
  async start(): Promise<void> {
    if (this.stopped) return;
    this.clearTimers();
    const generation = ++this.generation;
    const module = await this.engine.loadFunctionModule("crons");
    if (this.stopped || generation !== this.generation) return;
    const jobs = (module?.default as { crons?: Record<string, CronJob> } | undefined)?.crons ?? {};
    for (const [identifier, job] of Object.entries(jobs)) this.arm(identifier, job, generation);
  }

  private arm(identifier: string, job: CronJob, generation: number): void {
    const delay = Math.max(0, msUntilNextRun(job.schedule, new Date()));
    const timer = setTimeout(() => {
      this.timers = this.timers.filter((t) => t !== timer);
      const run: Promise<void> = this.run(identifier, job).finally(() => {
        this.running.delete(run);
        if (!this.stopped && generation === this.generation) this.arm(identifier, job, generation);
      });
      this.running.add(run);
    }, delay);
    this.timers.push(timer);
  }

  private async run(identifier: string, job: CronJob): Promise<void> {
    const udfPath = canonicalUdfPath(job.name);
    const fn = await this.engine.describeFunction(udfPath);
    if (!fn || fn.kind === "query") {
      this.log(`cron "${identifier}": ${udfPath} is not a mutation or action`);
      return;
    }
    try {
      await this.engine.runFunction(
        fn.kind,
        udfPath,
        await this.engine.decodeArgs(udfPath, job.args[0] ?? {}),
        null,
      );
    } catch (error) {
      this.log(`cron "${identifier}" failed: ${(error as Error).message}`);
    }
  }

  /** The backend is stopping: no job starts any more; resolves once the runs under way have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimers();
    await Promise.all(this.running);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
