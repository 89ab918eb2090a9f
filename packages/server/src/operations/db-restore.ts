import { restoreBackup } from './backup-archive';
import { fail, operatorCommand } from './backup-cli';

/** `npm run db:restore -- FILE [--force]`: a db:backup archive into DATA_DIR (the server stopped). */
const { config, file, force } = operatorCommand('npm run db:restore -- FILE [--force]', process.argv.slice(2));
restoreBackup(config.dataDir, file, { force }).then((result) => {
  console.log(`Restored ${file} (made ${result.createdAt}) into ${config.dataDir}: database and ${result.uploads} uploaded files.`);
  if (result.movedAside) console.log(`The previous database and uploads were moved to ${result.movedAside}.`);
}, fail);
