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

  constructor(
    private readonly engine: Engine,
    private readonly log: (line: string) => void,
  ) {}

  /** (Re)starts every job from the current `crons.ts`. */
  async start(): Promise<void> {
    this.stop();
    const module = await this.engine.loadFunctionModule("crons");
    const jobs = (module?.default as { crons?: Record<string, CronJob> } | undefined)?.crons ?? {};
    for (const [identifier, job] of Object.entries(jobs)) this.arm(identifier, job);
  }

  private arm(identifier: string, job: CronJob): void {
    const delay = Math.max(0, msUntilNextRun(job.schedule, new Date()));
    const timer = setTimeout(() => {
      this.timers = this.timers.filter((t) => t !== timer);
      void this.run(identifier, job).finally(() => this.arm(identifier, job));
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

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
