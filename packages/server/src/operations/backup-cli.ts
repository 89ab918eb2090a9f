import { type Config, loadConfig } from '../config';

/** The operator commands' shared start: the config (DATA_DIR) and the FILE argument; exits on misuse. */
export function operatorCommand(usage: string, argv: readonly string[]): { config: Config; file: string; force: boolean } {
  const args = argv.filter((arg) => arg !== '--force');
  const force = args.length !== argv.length;
  const [file, ...rest] = args;
  if (!file || rest.length || file.startsWith('-')) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md) and copy DATA_DIR/uploads beside it.');
    process.exit(1);
  }
  return { config, file, force };
}

export function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
