/**
 * Damaged data on disk. The backend refuses to start on it rather than start
 * without the user's data; the message names the file and the ways out.
 */
export class DataCorruption extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(
      `The local backend cannot read ${file}: ${reason}. It will not start without your data.\n` +
        `  - To keep the data: restore this file from a backup (or move it aside if you know what it held).\n` +
        `  - To start empty: delete the data directory (npm run backend:wipe) or start with --fresh.`,
    );
    this.name = "DataCorruption";
  }
}
