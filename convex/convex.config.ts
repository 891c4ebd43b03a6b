import { defineApp } from "convex/server";
import migrations from "@convex-dev/migrations/convex.config";

const app = defineApp();
// Batched, resumable repairs of stored data (convex/repairs.ts).
app.use(migrations);
export default app;
