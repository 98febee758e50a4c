import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit resolves these paths from the working directory and only accepts relative ones, so
// they are made relative to wherever it runs: `npm run db:generate` from the repository root and
// `npx drizzle-kit generate` from apps/api both work.
const fromHere = (path: string) =>
  relative(process.cwd(), fileURLToPath(new URL(path, import.meta.url))) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: fromHere('./src/db/schema/index.ts'),
  out: fromHere('./src/db/migrations'),
  strict: true,
  verbose: true,
});
