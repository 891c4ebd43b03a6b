/**
 * The shape of what the stops query returns (./stops.ts `stopsForViewer`), as
 * a `returns:` validator; the stop's own fields reuse the schema's validators.
 */
import { v } from "convex/values";
import { doc, nullable } from "convex-helpers/validators";
import schema from "../schema";

const stop = doc(schema, "event_stops").fields;

export const stopsViewValidator = nullable(
  v.object({
    stops: v.array(
      v.object({
        _id: stop._id,
        name: stop.name,
        address: stop.address,
        plannedTime: stop.plannedTime,
        arrivedAt: stop.arrivedAt,
        mapsUrl: v.string(),
      }),
    ),
    currentStopId: nullable(v.id("event_stops")),
    movedAt: nullable(v.number()),
    canEdit: v.boolean(),
    ended: v.boolean(),
    startTime: v.number(),
    endTime: v.number(),
  }),
);
