/** `npm run backend:wipe`: deletes the local backend's data (documents, files, generated keys). */
import { rmSync } from "node:fs";
import path from "node:path";

const dataDir = path.resolve(
  process.argv[2] ?? process.env.CLINK_BACKEND_DATA_DIR ?? ".local-backend/data",
);
rmSync(dataDir, { recursive: true, force: true });
console.log(`Wiped ${dataDir}`);
