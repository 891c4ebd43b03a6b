/**
 * The messages a Convex client sends on the sync WebSocket, shaped as the
 * Convex client shapes them (`ClientMessage` in convex/browser's sync
 * protocol). Every frame is checked against them before use; anything else is
 * a protocol error that ends only its own connection. Unknown fields are
 * ignored, as a Convex deployment does, so newer clients keep working.
 */
import { z } from "zod";
import { argsObject, parseInbound, u32, udfPath, type Parsed } from "./inbound.ts";
import { isJournal } from "./queryHub.ts";

const functionArgs = z.tuple([argsObject]);
const componentPath = z.string().optional();

const connect = z.object({
  type: z.literal("Connect"),
  /** Keys the exactly-once mutation log, so it must be the client's random id, not any string. */
  sessionId: z.guid(),
  connectionCount: u32,
  lastCloseReason: z.string().nullable().optional(),
  maxObservedTimestamp: z.string().optional(),
  clientTs: z.number().optional(),
});

const addQuery = z.object({
  type: z.literal("Add"),
  queryId: u32,
  udfPath,
  args: functionArgs,
  /** Journals are issued by this backend; one it could not have issued is refused here, before the query hub reads it. */
  journal: z.string().refine(isJournal, "not a journal of this deployment").nullable().optional(),
  componentPath,
});

const removeQuery = z.object({ type: z.literal("Remove"), queryId: u32 });

const modifyQuerySet = z.object({
  type: z.literal("ModifyQuerySet"),
  baseVersion: u32,
  newVersion: u32,
  modifications: z.array(z.discriminatedUnion("type", [addQuery, removeQuery])),
});

const authenticate = z.discriminatedUnion("tokenType", [
  z.object({
    type: z.literal("Authenticate"),
    tokenType: z.literal("User"),
    value: z.string(),
    baseVersion: u32,
  }),
  z.object({
    type: z.literal("Authenticate"),
    tokenType: z.literal("Admin"),
    value: z.string(),
    baseVersion: u32,
    impersonating: z.unknown().optional(),
  }),
  z.object({ type: z.literal("Authenticate"), tokenType: z.literal("None"), baseVersion: u32 }),
]);

const functionCall = { requestId: u32, udfPath, args: functionArgs, componentPath };
const mutation = z.object({ type: z.literal("Mutation"), ...functionCall });
const action = z.object({ type: z.literal("Action"), ...functionCall });

const event = z.object({ type: z.literal("Event"), eventType: z.string(), event: z.unknown() });

const clientMessage = z.discriminatedUnion("type", [
  connect,
  modifyQuerySet,
  authenticate,
  mutation,
  action,
  event,
]);

export type ClientMessage = z.infer<typeof clientMessage>;

export function parseClientMessage(frame: string): Parsed<ClientMessage> {
  return parseInbound(frame, clientMessage);
}
