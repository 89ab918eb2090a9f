import { createBackup } from './backup-archive';
import { fail, operatorCommand } from './backup-cli';

/** `npm run db:backup -- FILE`: the embedded database and the uploads of DATA_DIR in one archive. */
const { config, file } = operatorCommand('npm run db:backup -- FILE', process.argv.slice(2));
createBackup(config.dataDir, file).then(
  (manifest) => console.log(`Backup of ${config.dataDir} written to ${file} (database and ${manifest.uploads} uploaded files).`),
  fail,
);
