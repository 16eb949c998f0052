// `npm start` runs this: the reference host on $HOST:$PORT (127.0.0.1:8787), data in $T3_DATA_DIR
// (.data/), messages in SQLite there, or in PostgreSQL when $DATABASE_URL is a postgres:// URL,
// each answered by the simulated assistant unless $T3_ASSISTANT is `off`.
import { startHost } from "./server.js";

const DEFAULT_PORT = 8787;
const DEFAULT_DATA_DIR = ".data";

const port = Number(process.env.PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}

const host = await startHost({
  port,
  hostname: process.env.HOST ?? "127.0.0.1",
  dataDir: process.env.T3_DATA_DIR ?? DEFAULT_DATA_DIR,
  databaseUrl: process.env.DATABASE_URL || undefined,
  // T3_ASSISTANT=off: no simulated replies (the composer's busy flow then waits for the pretend agent only).
  assistant: process.env.T3_ASSISTANT !== "off",
});
const database = process.env.DATABASE_URL ? "PostgreSQL at DATABASE_URL" : host.dbPath;
console.log(`t3-composer demo on ${host.url}/ (API ${host.apiUrl}, database ${database})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void host.close().then(() => process.exit(0));
  });
}
