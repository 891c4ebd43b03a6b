/**
 * How a deployment starts and stops. Start: the functions (engine.ts), then the saved state
 * (persistence.ts: the snapshot, then the write-ahead log), live queries, token checks, crons
 * and the remembered mutation outcomes. Stop: new work is refused first, what is under way is
 * finished and answered, and every commit is on disk before the servers close.
 */
import type { FSWatcher } from "node:fs";
import { TokenVerifier } from "./auth.ts";
import { CronRunner } from "./crons.ts";
import { Engine, type EngineOptions } from "./engine.ts";
import { MutationLog } from "./mutationLog.ts";
import type { Origins } from "./origins.ts";
import { Persistence } from "./persistence.ts";
import { QueryHub } from "./queryHub.ts";
import type { StopGate } from "./stopGate.ts";
import type { SyncSockets } from "./syncSockets.ts";

export type Deployment = {
  engine: Engine;
  persistence: Persistence;
  hub: QueryHub;
  verifier: TokenVerifier;
  crons: CronRunner;
  mutationLog: MutationLog;
};

export type DeploymentOptions = EngineOptions & {
  dataDir: string;
  log: (line: string) => void;
  compactLogAfterBytes?: number;
  /** Closes what already runs (the servers) when the saved data is damaged. */
  closeServers: () => Promise<void>;
};

export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const { functionsDir, dataDir, log } = options;
  const engine = await Engine.create({
    functionsDir,
    log,
    uploadUrl: options.uploadUrl,
    fileUrl: options.fileUrl,
  });
  let persistence: Persistence;
  try {
    persistence = await Persistence.open(engine, dataDir, log, options.compactLogAfterBytes);
  } catch (error) {
    // Damaged data: refuse to start, and leave nothing running.
    await options.closeServers();
    await engine.dispose();
    throw error;
  }
  const hub = new QueryHub(engine, persistence);
  engine.setBackgroundGate(() => hub.flushedThrough(engine.lastCommitTs));
  const verifier = new TokenVerifier(functionsDir);
  await verifier.loadConfig(engine.moduleLoader);
  const crons = new CronRunner(engine, log);
  await crons.start();
  const mutationLog = new MutationLog();
  mutationLog.restore(persistence.recoveredOutcomes);
  return { engine, persistence, hub, verifier, crons, mutationLog };
}

export type RunningBackend = {
  deployment: Deployment;
  origins: Origins;
  gate: StopGate;
  sync: SyncSockets;
  watcher: FSWatcher | null;
};

/**
 * A clean stop: new work is refused first (requests answer 503, new connections are turned
 * away, open ones read no more messages); what is under way is finished and answered — client
 * requests, cron runs, running scheduled functions, while no new one starts; then every
 * commit is on disk before the servers close.
 */
export async function stopBackend({
  deployment: { engine, persistence, hub, crons },
  origins,
  gate,
  sync,
  watcher,
}: RunningBackend): Promise<void> {
  gate.stopping = true;
  watcher?.close();
  engine.stopStartingScheduledFunctions();
  await Promise.all([crons.stop(), ...sync.drain(), ...gate.underWay()]);
  // After the rest: a scheduled function may have started just before the stop, in the same turn.
  await engine.scheduledFunctionsSettled();
  await persistence.stop();
  sync.close();
  hub.close();
  await origins.close();
  await engine.dispose();
}
